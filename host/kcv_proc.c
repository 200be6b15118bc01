/*
 * kcv_proc.c — kcv.sys.spawn: a child process kcv talks to through pipes.
 *
 * Made for helpers that speak a line protocol on stdin/stdout (a Python
 * worker exchanging JSON lines): p:send writes to the child's stdin,
 * p:readline reads its stdout a line at a time with a timeout, p:wait and
 * p:kill end it.  The child gets its own process group so that a kill also
 * reaches the processes it started (compilers); nothing of kcv's but the
 * two pipes (and stderr) is inherited.
 *
 * No SIGCHLD handler and no global signal disposition is installed: both
 * are process-wide and would change how kcv's kernel workers and Lua's
 * io.popen/os.execute children are reaped, or whether `kcv ... | head`
 * ends quietly.  Waiting polls waitpid on this one pid; writing blocks
 * SIGPIPE in the writing thread only (see write_nosigpipe).
 */
#define _GNU_SOURCE       /* pipe2, execvpe */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "kcv.h"

#define PROC_MT "kcv.proc"
#define READ_CHUNK ((size_t)1 << 16)

extern char **environ;

typedef struct {
    pid_t pid;
    int to_child;          /* write end of the child's stdin; -1 once closed */
    int from_child;        /* read end of the child's stdout; -1 once closed */
    int reaped;            /* waitpid returned the child: pid may be reused */
    int status;            /* its wait status, when reaped */
    int eof;               /* the child's stdout reached end of file */
    int closed;
    char *buf;             /* bytes read from the child, not yet returned */
    size_t start, len, cap;  /* unread bytes are buf[start, len) */
    size_t scanned;        /* buf[start, scanned) holds no '\n' */
} kcv_proc;

/* ---- time ------------------------------------------------------------------ */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Optional timeout argument in seconds (nil: forever) -> absolute deadline
 * on the monotonic clock, INFINITY for none. */
static double check_deadline(lua_State *L, int arg)
{
    if (lua_isnoneornil(L, arg)) return INFINITY;
    double t = luaL_checknumber(L, arg);
    luaL_argcheck(L, t >= 0, arg, "timeout: seconds >= 0 expected (nil: no limit)");
    return now() + t;
}

/* Milliseconds until deadline for poll(2): -1 for none, 0 once past. */
static int poll_ms(double deadline)
{
    if (isinf(deadline)) return -1;
    double ms = ceil((deadline - now()) * 1e3);
    return ms <= 0 ? 0 : ms > 1e9 ? 1000000000 : (int)ms;
}

/* ---- the child ------------------------------------------------------------- */

/* What the child reports through its CLOEXEC pipe when it cannot exec. */
enum { STAGE_SETUP, STAGE_CHDIR, STAGE_EXEC };
typedef struct { int stage, err; } exec_failure;

/* In the child, between fork and exec, only async-signal-safe calls (kcv
 * may have oracle threads; one of them could hold the malloc lock). */
static void __attribute__((noreturn))
child_exec(char **argv, char **envp, const char *cwd, int in_fd, int out_fd,
           int err_fd, int report, pid_t parent)
{
    exec_failure f = {STAGE_SETUP, 0};
    /* the child lives in a process group of its own, out of reach of a
     * Ctrl-C or a kill of kcv's group: it dies with kcv instead (a parent
     * that died before this line is caught by the getppid test) */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGPIPE, SIG_DFL);              /* an ignored signal stays ignored across exec */
    if (setpgid(0, 0) != 0 || dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 ||
        (err_fd >= 0 && dup2(err_fd, 2) < 0))
        goto fail;
    /* every other descriptor kcv holds (Lua files, the workers' sockets) is
     * closed by the exec: marked CLOEXEC in one call from Linux 5.11 on,
     * one by one before (the report pipe is CLOEXEC already) */
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 3u, ~0u, 4u /* CLOSE_RANGE_CLOEXEC */) != 0)
#endif
    {
        long max = sysconf(_SC_OPEN_MAX);
        for (long fd = 3; fd < (max > 0 && max < 65536 ? max : 65536); fd++)
            fcntl((int)fd, F_SETFD, FD_CLOEXEC);
    }
    f.stage = STAGE_CHDIR;
    if (cwd && chdir(cwd) != 0) goto fail;
    f.stage = STAGE_EXEC;
    execvpe(argv[0], argv, envp);
fail:
    f.err = errno;
    while (write(report, &f, sizeof f) < 0 && errno == EINTR) {}
    _exit(127);
}

/* ---- building argv and the environment (may raise: nothing open yet) ---- */

/* The string at stack top, checked for embedded NULs. */
static const char *checked_cstr(lua_State *L, int arg, const char *what)
{
    size_t n;
    const char *s = lua_tolstring(L, -1, &n);
    if (strlen(s) != n)
        luaL_argerror(L, arg, lua_pushfstring(L, "%s contains a NUL byte", what));
    return s;
}

/* argv as a NULL-terminated array in a userdata left on the stack; its
 * strings stay alive in the argv table (argument 1). */
static char **build_argv(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    size_t n = lua_rawlen(L, 1);
    luaL_argcheck(L, n >= 1, 1, "argv: a list with the program first expected");
    luaL_argcheck(L, n < 1u << 20, 1, "argv: too many arguments");
    char **argv = lua_newuserdatauv(L, (n + 1) * sizeof *argv, 0);
    for (size_t i = 0; i < n; i++) {
        if (lua_rawgeti(L, 1, (lua_Integer)i + 1) != LUA_TSTRING)
            luaL_argerror(L, 1, lua_pushfstring(L, "argv[%d] must be a string, got %s",
                                                (int)i + 1, luaL_typename(L, -1)));
        argv[i] = (char *)checked_cstr(L, 1, "an argv string");
        lua_pop(L, 1);
    }
    argv[n] = NULL;
    return argv;
}

/* opts.env (the table at idx): NAME -> string adds or overrides, NAME ->
 * false removes.  Returns the child's environment as a NULL-terminated
 * array in a userdata left on the stack; the "NAME=value" strings it points
 * to are kept in a table pushed just below it. */
static char **build_env(lua_State *L, int idx)
{
    size_t n = 0;
    for (char **e = environ; *e; e++) n++;
    lua_newtable(L);                                   /* anchors the new strings */
    int keep = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        if (lua_type(L, -2) != LUA_TSTRING)
            luaL_argerror(L, 2, "opts.env: keys must be variable names (strings)");
        size_t kn;
        const char *k = lua_tolstring(L, -2, &kn);
        if (kn == 0 || strlen(k) != kn || strchr(k, '='))
            luaL_argerror(L, 2, lua_pushfstring(L, "opts.env: bad variable name '%s'", k));
        if (lua_type(L, -1) == LUA_TSTRING) {
            checked_cstr(L, 2, "an opts.env value");
            lua_pushfstring(L, "%s=%s", k, lua_tostring(L, -1));
            lua_rawseti(L, keep, (lua_Integer)lua_rawlen(L, keep) + 1);
            n++;
        } else if (!(lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1))) {
            luaL_argerror(L, 2, lua_pushfstring(L, "opts.env.%s must be a string or false", k));
        }
        lua_pop(L, 1);
    }
    char **envp = lua_newuserdatauv(L, (n + 1) * sizeof *envp, 0);
    size_t m = 0;
    for (char **e = environ; *e; e++) {               /* inherited, unless named */
        const char *eq = strchr(*e, '=');
        size_t kn = eq ? (size_t)(eq - *e) : strlen(*e);
        lua_pushlstring(L, *e, kn);
        int named = lua_rawget(L, idx) != LUA_TNIL;
        lua_pop(L, 1);
        if (!named) envp[m++] = *e;
    }
    for (lua_Integer i = 1; i <= (lua_Integer)lua_rawlen(L, keep); i++) {
        lua_rawgeti(L, keep, i);
        envp[m++] = (char *)lua_tostring(L, -1);       /* anchored in `keep` */
        lua_pop(L, 1);
    }
    envp[m] = NULL;
    return envp;
}

/* opts.cwd: a directory name or NULL. */
static const char *opt_cwd(lua_State *L)
{
    if (lua_isnoneornil(L, 2) || lua_getfield(L, 2, "cwd") == LUA_TNIL) return NULL;
    if (lua_type(L, -1) != LUA_TSTRING) luaL_argerror(L, 2, "opts.cwd must be a string");
    return checked_cstr(L, 2, "opts.cwd");           /* alive in opts */
}

/* opts.stderr: "inherit" (NULL), "null" or a file to append to. */
static const char *opt_stderr(lua_State *L)
{
    if (lua_isnoneornil(L, 2) || lua_getfield(L, 2, "stderr") == LUA_TNIL) return NULL;
    if (lua_type(L, -1) != LUA_TSTRING)
        luaL_argerror(L, 2, "opts.stderr must be \"inherit\", \"null\" or a file name");
    const char *s = checked_cstr(L, 2, "opts.stderr");
    return strcmp(s, "inherit") == 0 ? NULL : strcmp(s, "null") == 0 ? "/dev/null" : s;
}

/* ---- spawning -------------------------------------------------------------- */

/* fd moved to a descriptor >= 3 (CLOEXEC), so that the child's dup2 onto
 * 0, 1 and 2 never overwrites it (kcv may run with stdin or stderr closed);
 * -1 on failure, fd closed either way. */
static int above_stdio(int fd)
{
    if (fd < 0 || fd >= 3) return fd;
    int hi = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    close(fd);
    return hi;
}

static int pipe_above_stdio(int fds[2])
{
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    fds[0] = above_stdio(fds[0]);
    fds[1] = above_stdio(fds[1]);
    return fds[0] >= 0 && fds[1] >= 0 ? 0 : -1;
}

static void close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

/* The child's exec outcome: 0 when it ran, else the failure it reported
 * (the report pipe closes at a successful exec). */
static int read_exec_report(int fd, exec_failure *f)
{
    ssize_t r;
    while ((r = read(fd, f, sizeof *f)) < 0 && errno == EINTR) {}
    return r == (ssize_t)sizeof *f ? -1 : 0;
}

static void reap_blocking(kcv_proc *p)
{
    while (waitpid(p->pid, &p->status, 0) < 0 && errno == EINTR) {}
    p->reaped = 1;
}

/* Fork and exec; on failure pushes a message and returns -1. */
static int start_child(lua_State *L, kcv_proc *p, char **argv, char **envp,
                       const char *cwd, const char *errpath)
{
    int in[2] = {-1, -1}, out[2] = {-1, -1}, rep[2] = {-1, -1}, errfd = -1;
    const char *what = "pipe";
    if (errpath) {
        errfd = above_stdio(open(errpath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
        if (errfd < 0) {
            lua_pushfstring(L, "cannot open '%s' for the child's stderr: %s", errpath, strerror(errno));
            return -1;
        }
    }
    if (pipe_above_stdio(in) != 0 || pipe_above_stdio(out) != 0 || pipe_above_stdio(rep) != 0)
        goto sys_error;
    what = "fork";
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) goto sys_error;
    if (pid == 0) child_exec(argv, envp, cwd, in[0], out[1], errfd, rep[1], parent);
    close_fd(&in[0]); close_fd(&out[1]); close_fd(&rep[1]); close_fd(&errfd);
    p->pid = pid;
    exec_failure f;
    int failed = read_exec_report(rep[0], &f);
    close_fd(&rep[0]);
    if (failed) {
        reap_blocking(p);
        close_fd(&in[1]); close_fd(&out[0]);
        if (f.stage == STAGE_EXEC)
            lua_pushfstring(L, "cannot run '%s': %s", argv[0], strerror(f.err));
        else if (f.stage == STAGE_CHDIR)
            lua_pushfstring(L, "cannot change to directory '%s': %s", cwd, strerror(f.err));
        else
            lua_pushfstring(L, "cannot set up the child process: %s", strerror(f.err));
        return -1;
    }
    /* kcv's ends never block: send and readline wait in poll, with timeouts */
    fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
    fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
    p->to_child = in[1];
    p->from_child = out[0];
    return 0;
sys_error:
    lua_pushfstring(L, "%s: %s", what, strerror(errno));
    close_fd(&in[0]); close_fd(&in[1]); close_fd(&out[0]); close_fd(&out[1]);
    close_fd(&rep[0]); close_fd(&rep[1]); close_fd(&errfd);
    return -1;
}

/* kcv.sys.spawn(argv [, {env=, cwd=, stderr=}]) -> proc | nil, message */
static int l_spawn(lua_State *L)
{
    lua_settop(L, 2);
    kcv_checkopts(L, 2, "env cwd stderr");
    char **argv = build_argv(L);
    char **envp = environ;
    if (!lua_isnil(L, 2) && lua_getfield(L, 2, "env") != LUA_TNIL) {
        if (!lua_istable(L, -1)) luaL_argerror(L, 2, "opts.env must be a table");
        envp = build_env(L, lua_gettop(L));
    }
    const char *cwd = opt_cwd(L);
    const char *errpath = opt_stderr(L);
    kcv_proc *p = lua_newuserdatauv(L, sizeof *p, 1);
    memset(p, 0, sizeof *p);
    p->to_child = p->from_child = -1;
    p->closed = 1;                        /* until there is a child to close */
    luaL_setmetatable(L, PROC_MT);
    if (start_child(L, p, argv, envp, cwd, errpath) != 0) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    p->closed = 0;
    return 1;
}

/* ---- the proc object ------------------------------------------------------- */

static kcv_proc *check_proc(lua_State *L)
{
    return (kcv_proc *)luaL_checkudata(L, 1, PROC_MT);
}

static kcv_proc *check_open(lua_State *L)
{
    kcv_proc *p = check_proc(L);
    if (p->closed) luaL_error(L, "proc is closed");
    return p;
}

static int nil_and(lua_State *L, const char *msg)
{
    lua_pushnil(L);
    lua_pushstring(L, msg);
    return 2;
}

/* Room for READ_CHUNK more bytes at the end of the buffer; the bytes
 * already returned are dropped first. */
static void reserve(lua_State *L, kcv_proc *p)
{
    if (p->start > 0) {
        memmove(p->buf, p->buf + p->start, p->len - p->start);
        p->len -= p->start;
        p->scanned -= p->start;
        p->start = 0;
    }
    if (p->cap - p->len >= READ_CHUNK) return;
    size_t cap = p->cap ? p->cap : READ_CHUNK;
    while (cap - p->len < READ_CHUNK) cap *= 2;
    char *b = realloc(p->buf, cap);
    if (!b) luaL_error(L, "out of memory reading from the child (%d bytes buffered)", (int)p->len);
    p->buf = b;
    p->cap = cap;
}

/* Read once what the child's stdout has now (it is non-blocking): at most
 * a pipe's worth, so a child writing without pause cannot keep us here. */
static void drain(lua_State *L, kcv_proc *p)
{
    reserve(L, p);
    ssize_t r;
    while ((r = read(p->from_child, p->buf + p->len, p->cap - p->len)) < 0 && errno == EINTR) {}
    if (r > 0) p->len += (size_t)r;
    else if (r == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) p->eof = 1;  /* nothing more will come */
}

/* write(2) without a SIGPIPE killing kcv when the child has gone: the
 * signal is blocked in this thread for the call and, if the write raised
 * it, taken back before unblocking.  (SIGPIPE from a write is directed at
 * the writing thread.) */
static ssize_t write_nosigpipe(int fd, const char *s, size_t n)
{
    sigset_t pipe_set, old, pending;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
    sigpending(&pending);
    int was_pending = sigismember(&pending, SIGPIPE);
    ssize_t w = write(fd, s, n);
    int e = errno;
    if (w < 0 && e == EPIPE && !was_pending) {
        struct timespec zero = {0, 0};
        while (sigtimedwait(&pipe_set, NULL, &zero) < 0 && errno == EINTR) {}
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    errno = e;
    return w;
}

/* p:send(s) -> true | nil, message.  While the child's stdin is full, what
 * it writes to stdout is read into the line buffer: a child answering
 * before it has read the whole request cannot deadlock with us. */
static int p_send(lua_State *L)
{
    kcv_proc *p = check_open(L);
    size_t n, off = 0;
    const char *s = luaL_checklstring(L, 2, &n);
    if (p->to_child < 0) return nil_and(L, "child closed its stdin");
    while (off < n) {
        ssize_t w = write_nosigpipe(p->to_child, s + off, n - off);
        if (w >= 0) { off += (size_t)w; continue; }
        if (errno == EPIPE) return nil_and(L, "child closed its stdin");
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK)
            return nil_and(L, lua_pushfstring(L, "writing to the child: %s", strerror(errno)));
        struct pollfd fds[2] = {{p->to_child, POLLOUT, 0}, {p->from_child, POLLIN, 0}};
        if (poll(fds, p->eof ? 1 : 2, -1) < 0 && errno != EINTR)
            return nil_and(L, lua_pushfstring(L, "poll: %s", strerror(errno)));
        if (!p->eof && fds[1].revents) drain(L, p);
    }
    lua_pushboolean(L, 1);
    return 1;
}

/* Push the next whole line if the buffer holds one (or, at end of file, the
 * partial last line); 0 if not. */
static int take_line(lua_State *L, kcv_proc *p)
{
    const char *nl = memchr(p->buf + p->scanned, '\n', p->len - p->scanned);
    if (!nl) {
        p->scanned = p->len;
        if (!p->eof || p->len == p->start) return 0;
        nl = p->buf + p->len;                        /* the last line, without "\n" */
    }
    size_t end = (size_t)(nl - p->buf);
    lua_pushlstring(L, p->buf + p->start, end - p->start);
    p->start = p->scanned = end < p->len ? end + 1 : end;
    return 1;
}

/* p:readline([timeout_s]) -> line | nil, "timeout" | nil, "eof" */
static int p_readline(lua_State *L)
{
    kcv_proc *p = check_open(L);
    double deadline = check_deadline(L, 2);
    for (;;) {
        if (p->buf && take_line(L, p)) return 1;
        if (p->eof) return nil_and(L, "eof");
        struct pollfd pf = {p->from_child, POLLIN, 0};
        int r = poll(&pf, 1, poll_ms(deadline));
        if (r < 0 && errno != EINTR) return nil_and(L, lua_pushfstring(L, "poll: %s", strerror(errno)));
        if (r > 0) drain(L, p);
        else if (r == 0 && now() >= deadline) return nil_and(L, "timeout");
    }
}

/* The wait table of a reaped child, made once and kept as the user value
 * so that every later wait returns the same table. */
static void push_status(lua_State *L, kcv_proc *p)
{
    if (lua_getiuservalue(L, 1, 1) == LUA_TTABLE) return;
    lua_pop(L, 1);
    lua_createtable(L, 0, 2);
    if (WIFEXITED(p->status)) {
        lua_pushboolean(L, 1); lua_setfield(L, -2, "exited");
        lua_pushinteger(L, WEXITSTATUS(p->status)); lua_setfield(L, -2, "code");
    } else {
        lua_pushboolean(L, 1); lua_setfield(L, -2, "signaled");
        lua_pushinteger(L, WTERMSIG(p->status)); lua_setfield(L, -2, "signal");
    }
    lua_pushvalue(L, -1);
    lua_setiuservalue(L, 1, 1);
}

/* p:wait([timeout_s]) -> {exited=true, code=} | {signaled=true, signal=}
 * | nil, "timeout".  waitpid(WNOHANG) with sleeps growing from 1 to 20 ms:
 * a SIGCHLD handler would be process-wide (see the top of this file). */
static int p_wait(lua_State *L)
{
    kcv_proc *p = check_proc(L);
    double deadline = check_deadline(L, 2);
    long nap_ns = 1000000;
    while (!p->reaped) {
        pid_t r = waitpid(p->pid, &p->status, WNOHANG);
        if (r == p->pid) { p->reaped = 1; break; }
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return nil_and(L, lua_pushfstring(L, "waitpid: %s", strerror(errno)));
        double left = deadline - now();
        if (left <= 0) return nil_and(L, "timeout");
        struct timespec ts = {0, left * 1e9 < nap_ns ? (long)(left * 1e9) : nap_ns};
        nanosleep(&ts, NULL);
        if (nap_ns < 20000000) nap_ns *= 2;
    }
    push_status(L, p);
    return 1;
}

/* p:kill([sig]) -> true | nil, message: sig (default SIGKILL) to the
 * child's process group.  Once the child is reaped its pid, and so the
 * group id, may belong to another process: nothing is sent then. */
static int p_kill(lua_State *L)
{
    kcv_proc *p = check_proc(L);
    lua_Integer sig = luaL_optinteger(L, 2, SIGKILL);
    luaL_argcheck(L, sig >= 0 && sig < NSIG, 2, "signal: a number in [0, 64] expected");
    if (p->reaped || p->closed) { lua_pushboolean(L, 1); return 1; }
    if (kill(-p->pid, (int)sig) != 0 && errno != ESRCH)
        return nil_and(L, lua_pushfstring(L, "kill: %s", strerror(errno)));
    lua_pushboolean(L, 1);
    return 1;
}

/* p:close(), __gc, __close: SIGKILL to the group while the child is not
 * reaped (its pid is still ours then, even as a zombie: this also ends
 * what it left running), reap it, close the pipes, free the buffer. */
static int p_close(lua_State *L)
{
    kcv_proc *p = check_proc(L);
    if (!p->closed) {
        if (!p->reaped) {
            kill(-p->pid, SIGKILL);
            reap_blocking(p);
        }
        close_fd(&p->to_child);
        close_fd(&p->from_child);
        free(p->buf);
        p->buf = NULL;
        p->start = p->len = p->cap = p->scanned = 0;
        p->closed = 1;
    }
    lua_pushboolean(L, 1);
    return 1;
}

static int p_index(lua_State *L)
{
    kcv_proc *p = check_proc(L);
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "pid") == 0) { lua_pushinteger(L, p->pid); return 1; }
    lua_getmetatable(L, 1);
    lua_getfield(L, -1, "methods");
    lua_getfield(L, -1, k);
    return 1;
}

static int p_tostring(lua_State *L)
{
    kcv_proc *p = check_proc(L);
    lua_pushfstring(L, "kcv.proc(pid %d, %s)", (int)p->pid,
                    p->closed ? "closed" : p->reaped ? "ended" : "running");
    return 1;
}

/* Adds spawn to kcv.sys (kcv_open_sys made it; lkcv.c opens this part after). */
int kcv_open_proc(lua_State *L)
{
    static const luaL_Reg methods[] = {
        {"send", p_send}, {"readline", p_readline}, {"wait", p_wait},
        {"kill", p_kill}, {"close", p_close}, {NULL, NULL}};
    if (luaL_newmetatable(L, PROC_MT)) {
        luaL_newlib(L, methods);
        lua_setfield(L, -2, "methods");
        lua_pushcfunction(L, p_index);    lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, p_tostring); lua_setfield(L, -2, "__tostring");
        lua_pushcfunction(L, p_close);    lua_setfield(L, -2, "__gc");
        lua_pushcfunction(L, p_close);    lua_setfield(L, -2, "__close");
    }
    lua_pop(L, 1);
    if (lua_getfield(L, -1, "sys") != LUA_TTABLE) return luaL_error(L, "kcv.sys missing");
    lua_pushcfunction(L, l_spawn);
    lua_setfield(L, -2, "spawn");
    lua_pop(L, 1);
    return 0;
}
