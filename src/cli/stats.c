/*
 * stats.c - confidence intervals and Bradley-Terry ratings (see stats.h).
 *
 * Bradley-Terry: P(i beats j) = p_i / (p_i + p_j).  The maximum (with the
 * prior's virtual ties, a posterior mode) is found with Hunter's MM
 * iteration p_i <- W_i / sum_j n_ij / (p_i + p_j), which increases the
 * likelihood at every step.  Standard errors come from the Hessian H of the
 * log-likelihood in theta = ln p: H_ij = -n_ij p_i p_j / (p_i + p_j)^2 off
 * the diagonal, H_ii = -sum_j H_ij.  H is singular along (1,..,1) (only
 * differences matter); for the mean-zero parametrisation the covariance is
 * the pseudo-inverse H+ = (H + J/n)^-1 - J/n (J = all ones), valid when the
 * comparison graph is connected - which the prior guarantees.
 */
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void st_wilson(double k, double n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double z = ST_Z95, p = k / n, z2 = z * z;
    double den = 1 + z2 / n;
    double mid = (p + z2 / (2 * n)) / den;
    double half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den;
    /* exact ends: rounding would leave 5e-17 instead of 0 */
    *lo = k <= 0 || mid - half < 0 ? 0 : mid - half;
    *hi = k >= n || mid + half > 1 ? 1 : mid + half;
}

void st_mean(double n, double sum, double sumsq, double *mean, double *sd, double *half)
{
    *mean = n > 0 ? sum / n : 0;
    double var = n > 1 ? (sumsq - sum * sum / n) / (n - 1) : 0;
    *sd = var > 0 ? sqrt(var) : 0;
    *half = n > 0 ? ST_Z95 * *sd / sqrt(n) : 0;
}

double st_elo_expect(double d) { return 1.0 / (1.0 + pow(10.0, -d / 400.0)); }

/* Invert the n*n matrix a in place (Gauss-Jordan with partial pivoting);
 * returns 0 when it is singular. */
static int invert(double *a, int n, double *tmp)
{
    double *inv = tmp;
    for (int i = 0; i < n * n; i++)
        inv[i] = (i / n == i % n);
    for (int c = 0; c < n; c++) {
        int piv = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r * n + c]) > fabs(a[piv * n + c]))
                piv = r;
        if (fabs(a[piv * n + c]) < 1e-300)
            return 0;
        for (int k = 0; k < n; k++) {
            double t = a[c * n + k];
            a[c * n + k] = a[piv * n + k];
            a[piv * n + k] = t;
            t = inv[c * n + k];
            inv[c * n + k] = inv[piv * n + k];
            inv[piv * n + k] = t;
        }
        double d = a[c * n + c];
        for (int k = 0; k < n; k++) {
            a[c * n + k] /= d;
            inv[c * n + k] /= d;
        }
        for (int r = 0; r < n; r++) {
            if (r == c)
                continue;
            double f = a[r * n + c];
            if (f == 0)
                continue;
            for (int k = 0; k < n; k++) {
                a[r * n + k] -= f * a[c * n + k];
                inv[r * n + k] -= f * inv[c * n + k];
            }
        }
    }
    memcpy(a, inv, sizeof *a * (size_t)(n * n));
    return 1;
}

int st_bradley_terry(int n, const double *wins, const double *games, double prior, double *rating,
                     double *se)
{
    if (n < 1)
        return -1;
    size_t nn = (size_t)n * (size_t)n;
    double *w = malloc(sizeof *w * nn), *g = malloc(sizeof *g * nn);
    double *h = malloc(sizeof *h * nn), *tmp = malloc(sizeof *tmp * nn);
    double *p = malloc(sizeof *p * (size_t)n), *np = malloc(sizeof *np * (size_t)n);
    if (!w || !g || !h || !tmp || !p || !np) {
        free(w), free(g), free(h), free(tmp), free(p), free(np);
        return -1;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int k = i * n + j;
            w[k] = i == j ? 0 : wins[k] + prior / 2;
            g[k] = i == j ? 0 : games[k] + prior;
        }
    for (int i = 0; i < n; i++)
        p[i] = 1;
    for (int it = 0; it < 100000; it++) {
        double change = 0, logsum = 0;
        for (int i = 0; i < n; i++) {
            double wi = 0, den = 0;
            for (int j = 0; j < n; j++) {
                if (j == i || g[i * n + j] <= 0)
                    continue;
                wi += w[i * n + j];
                den += g[i * n + j] / (p[i] + p[j]);
            }
            np[i] = den > 0 && wi > 0 ? wi / den : p[i];
            logsum += log(np[i]);
        }
        double gm = exp(logsum / n); /* keep the geometric mean at 1 */
        for (int i = 0; i < n; i++) {
            np[i] /= gm;
            double c = fabs(log(np[i]) - log(p[i]));
            change = c > change ? c : change;
            p[i] = np[i];
        }
        if (change < 1e-12)
            break;
    }
    const double scale = 400.0 / log(10.0);
    for (int i = 0; i < n; i++)
        rating[i] = scale * log(p[i]);
    /* observed information of theta = ln p, plus J/n to fix the mean */
    for (int i = 0; i < n; i++) {
        double diag = 0;
        for (int j = 0; j < n; j++) {
            if (j == i)
                continue;
            double q = p[i] + p[j];
            double v = g[i * n + j] * p[i] * p[j] / (q * q);
            h[i * n + j] = -v + 1.0 / n;
            diag += v;
        }
        h[i * n + i] = diag + 1.0 / n;
    }
    int ok = invert(h, n, tmp);
    for (int i = 0; i < n; i++) {
        double var = ok ? h[i * n + i] - 1.0 / n : 0;
        se[i] = var > 0 ? scale * sqrt(var) : 0;
    }
    free(w), free(g), free(h), free(tmp), free(p), free(np);
    return 0;
}
