# kcv — build, example and tests.  `make help` lists the targets.

CC      ?= cc
LUA_INC ?= /usr/include/lua5.4
CUDA    ?= /usr/local/cuda
CFLAGS  ?= -O2 -g
CFLAGS  += -std=gnu11 -Wall -Wextra -Wno-unused-parameter -fPIC -pthread \
           -I$(LUA_INC) -I$(CUDA)/include -Ihost
LIBS     = -lmpfr -lgmp -lffi -ldl -lm -pthread

# STATIC=1 links Lua, MPFR, GMP and libffi statically and leaves out line
# editing: a binary that runs on the device machine, which has none of them.
ifeq ($(STATIC),1)
  CFLAGS  += -DKCV_NO_EDIT
  EXELIBS  = -Wl,-Bstatic -llua5.4 -lmpfr -lgmp -lffi -Wl,-Bdynamic -ldl -lm -pthread
else
  EXELIBS  = -llua5.4 -ledit $(LIBS)
  SOLIBS   = -ledit $(LIBS)
endif

SRC  := $(filter-out host/main.c, $(wildcard host/*.c))
OBJ  := $(patsubst host/%.c, build/obj/%.o, $(SRC))
CTESTS := $(patsubst spec/c/%.c, build/ctest/%, $(wildcard spec/c/*.c))

.PHONY: all deps example test ctest clean help
all: kcv kcv.so

help:
	@echo "make            build ./kcv and ./kcv.so"
	@echo "make example    install what is missing, build, verify the bundled example"
	@echo "make test       install what is missing, build, run every test (C and busted)"
	@echo "make STATIC=1   a kcv without shared Lua/MPFR/libedit (for the device machine)"
	@echo "make clean"

build/obj/%.o: host/%.c host/*.h | build/obj
	$(CC) $(CFLAGS) -c $< -o $@

# The gdn oracle's lanes loop along the state's rows: -O3 vectorises them
# (same operations, same order, same bits; never contracted into an fma).
build/obj/mp_gdn.o: CFLAGS += -O3 -ffp-contract=off

# The CPU backend embeds its runtime (.incbin): rebuild it when that changes.
build/obj/backend_cpu.o: $(wildcard host/cpu/*.h host/cpu/*.cpp host/cpu/include/*.h)

build/obj build/ctest:
	mkdir -p $@

kcv: build/obj/main.o $(OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(EXELIBS)

kcv.so: $(OBJ)
	$(CC) $(CFLAGS) -shared -o $@ $^ $(SOLIBS)

build/ctest/%: spec/c/%.c $(OBJ) | build/ctest
	$(CC) $(CFLAGS) -o $@ $< $(OBJ) -llua5.4 -ledit $(LIBS)

ctest: $(CTESTS)

deps:
	@tools/install-deps

example: deps all
	./kcv verify specs/softmax.lua kernels/softmax.cu --baseline

test: deps all ctest
	tools/run-tests

clean:
	rm -rf build kcv kcv.so
