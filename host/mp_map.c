/*
 * mp_map.c — element-wise maps: kcv.mp.map(name, x [, {approximate=}]).
 *
 * Each value is f evaluated at mp_prec bits from the exact input and rounded
 * once to f64.  Composite functions are written in forms without
 * cancellation (gelu through erfc, gelu_tanh through the logistic, softplus
 * through log1p), so the P-bit value is within a few P-bit ulps of f(x).
 * The magnitude is |f(x)| + |x f'(x)|: the error a kernel makes from its own
 * rounding of f plus a relative perturbation u of its argument (for instance
 * exp(x) computed as exp2(x * log2(e))).  Non-finite inputs give |f(x)|.
 * exp, sigmoid, silu, tanh and gelu first try the certified double-double
 * path (mp_dd.c), which gives the same bits or declines (kcv.mp.fast).
 */
#include <math.h>
#include <string.h>
#include "mp.h"

typedef enum {
    M_EXP, M_LOG, M_LOG1P, M_EXPM1, M_TANH, M_ERF, M_SIGMOID, M_SOFTPLUS,
    M_SILU, M_GELU, M_GELU_TANH, M_RELU, M_N
} map_fn;

static const char *const map_names[] = {
    "exp", "log", "log1p", "expm1", "tanh", "erf", "sigmoid", "softplus",
    "silu", "gelu", "gelu_tanh", "relu", NULL};

typedef struct {
    map_fn f;
    const double *x;
    double *y, *mag;
    int dd;                     /* MP_DD_* for a double-double path, or -1 */
} map_ctx;

typedef struct { mpfr_t x, y, t, sqrt2, k0, k1; } map_tmp;

static double sigmoid_d(double x) { return 1 / (1 + exp(-x)); }

/* |x f'(x)| in double: a magnitude, not a value. */
static double cond_term(map_fn f, double x, double y)
{
    const double k0 = 0.7978845608028654, k1 = 0.044715;  /* sqrt(2/pi) */
    double s, th;
    switch (f) {
    case M_EXP: return fabs(x * y);
    case M_LOG: return 1;
    case M_LOG1P: return fabs(x / (1 + x));
    case M_EXPM1: return fabs(x * (y + 1));
    case M_TANH: return fabs(x) * (1 - y * y);
    case M_ERF: return fabs(x) * 1.1283791670955126 * exp(-x * x);
    case M_SIGMOID: return fabs(x) * y * (1 - y);
    case M_SOFTPLUS: return fabs(x) * sigmoid_d(x);
    case M_SILU: s = sigmoid_d(x); return fabs(x * (s + x * s * (1 - s)));
    case M_GELU:
        return fabs(x * (0.5 * erfc(-x / sqrt(2)) + x * exp(-0.5 * x * x) * 0.3989422804014327));
    case M_GELU_TANH:
        th = tanh(k0 * (x + k1 * x * x * x));
        return fabs(x * (0.5 * (1 + th) + 0.5 * x * (1 - th * th) * k0 * (1 + 3 * k1 * x * x)));
    default: return 0;
    }
}

/* y = 1 / (1 + exp(-a)), in place allowed. */
static void mp_sigmoid(mpfr_t y, const mpfr_t a, mpfr_t t)
{
    mpfr_neg(t, a, MPFR_RNDN);
    mpfr_exp(t, t, MPFR_RNDN);
    mpfr_add_ui(t, t, 1, MPFR_RNDN);
    mpfr_ui_div(y, 1, t, MPFR_RNDN);
}

static double eval(map_fn f, double xd, map_tmp *m)
{
    mpfr_ptr x = m->x, y = m->y, t = m->t;
    if (isnan(xd)) return xd + 0.0;      /* the input NaN, quieted, payload kept */
    if (f == M_RELU) return xd > 0 ? xd : 0.0;   /* exact; -0 gives +0 */
    mpfr_set_d(x, xd, MPFR_RNDN);
    switch (f) {
    case M_EXP: mpfr_exp(y, x, MPFR_RNDN); break;
    case M_LOG: mpfr_log(y, x, MPFR_RNDN); break;
    case M_LOG1P: mpfr_log1p(y, x, MPFR_RNDN); break;
    case M_EXPM1: mpfr_expm1(y, x, MPFR_RNDN); break;
    case M_TANH: mpfr_tanh(y, x, MPFR_RNDN); break;
    case M_ERF: mpfr_erf(y, x, MPFR_RNDN); break;
    case M_SIGMOID: mp_sigmoid(y, x, t); break;
    case M_SOFTPLUS:   /* max(x,0) + log1p(exp(-|x|)) */
        mpfr_abs(t, x, MPFR_RNDN);
        mpfr_neg(t, t, MPFR_RNDN);
        mpfr_exp(t, t, MPFR_RNDN);
        mpfr_log1p(y, t, MPFR_RNDN);
        if (mpfr_sgn(x) > 0) mpfr_add(y, y, x, MPFR_RNDN);
        if (mpfr_nan_p(x)) mpfr_set_nan(y);
        break;
    case M_SILU:       /* x * sigmoid(x): -Inf * 0 = NaN */
        mp_sigmoid(y, x, t);
        mpfr_mul(y, y, x, MPFR_RNDN);
        break;
    case M_GELU:       /* x/2 * erfc(-x/sqrt 2) */
        mpfr_div(t, x, m->sqrt2, MPFR_RNDN);
        mpfr_neg(t, t, MPFR_RNDN);
        mpfr_erfc(y, t, MPFR_RNDN);
        mpfr_mul(y, y, x, MPFR_RNDN);
        mpfr_div_2ui(y, y, 1, MPFR_RNDN);
        break;
    case M_GELU_TANH:  /* x/2 (1 + tanh z) = x * sigmoid(2z), z = k0 (x + k1 x^3) */
        mpfr_pow_ui(t, x, 3, MPFR_RNDN);
        mpfr_fma(t, t, m->k1, x, MPFR_RNDN);
        mpfr_mul(t, t, m->k0, MPFR_RNDN);
        mpfr_mul_2ui(t, t, 1, MPFR_RNDN);
        mp_sigmoid(y, t, t);
        mpfr_mul(y, y, x, MPFR_RNDN);
        break;
    default: break;
    }
    return mpfr_get_d(y, MPFR_RNDN);
}

static void map_task(void *vc, int64_t lo, int64_t hi)
{
    map_ctx *c = vc;
    map_tmp m;
    mpfr_inits2(mp_prec, m.x, m.y, m.t, m.sqrt2, m.k0, m.k1, (mpfr_ptr)0);
    mpfr_sqrt_ui(m.sqrt2, 2, MPFR_RNDN);
    mpfr_const_pi(m.k0, MPFR_RNDN);                  /* k0 = sqrt(2/pi) */
    mpfr_ui_div(m.k0, 2, m.k0, MPFR_RNDN);
    mpfr_sqrt(m.k0, m.k0, MPFR_RNDN);
    mpfr_set_str(m.k1, "0.044715", 10, MPFR_RNDN);
    for (int64_t i = lo; i < hi; i++) {
        double x = c->x[i], y;
        if (!(c->dd >= 0 && mp_dd_map(c->dd, x, &y))) y = eval(c->f, x, &m);
        c->y[i] = y;
        c->mag[i] = isfinite(x) ? fabs(y) + cond_term(c->f, x, y) : fabs(y);
    }
    mpfr_clears(m.x, m.y, m.t, m.sqrt2, m.k0, m.k1, (mpfr_ptr)0);
}

static int l_map(lua_State *L)
{
    map_fn f = (map_fn)luaL_checkoption(L, 1, NULL, map_names);
    kcv_buf *b = mp_checkfbuf(L, 2);
    kcv_checkopts(L, 3, "approximate");
    const char *approx = mp_optstr(L, 3, "approximate", NULL);
    if (approx) {
        int tanh_form = strcmp(approx, "tanh") == 0;
        if (!tanh_form && strcmp(approx, "none") != 0)
            luaL_argerror(L, 3, "approximate must be 'none' or 'tanh'");
        if (tanh_form && f == M_GELU) f = M_GELU_TANH;
        else if (tanh_form != (f == M_GELU_TANH))
            luaL_argerror(L, 3, lua_pushfstring(L,
                "approximate='%s' does not apply to %s", approx, map_names[f]));
    }
    map_ctx c = {f, mp_loadf64(L, b), NULL, NULL, -1};
    if (mp_fast)
        c.dd = f == M_EXP ? MP_DD_EXP : f == M_SIGMOID ? MP_DD_SIGMOID :
               f == M_SILU ? MP_DD_SILU : f == M_TANH ? MP_DD_TANH :
               f == M_GELU ? MP_DD_GELU : -1;
    c.y = mp_newout(L, b, -1, KCV_F64)->data;
    c.mag = mp_newout(L, b, -1, KCV_F64)->data;
    mp_parallel(b->numel, f == M_RELU ? 1 : 2000, map_task, &c);
    return 2;
}

void mp_open_map(lua_State *L)
{
    lua_pushcfunction(L, l_map);
    lua_setfield(L, -2, "map");
}
