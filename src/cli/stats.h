/*
 * stats.h - the statistics behind `kontor sim` and `kontor tournament`:
 * confidence intervals for rates and means, and Bradley-Terry ratings.
 *
 * Everything works on plain arrays the caller owns; nothing allocates
 * except st_bradley_terry's scratch (freed before it returns).
 */
#ifndef KT_CLI_STATS_H
#define KT_CLI_STATS_H

#include <stdint.h>

/* z for a two-sided 95% interval. */
#define ST_Z95 1.959963984540054

/* Wilson score interval (95%) of a proportion: `k` successes (may be
 * fractional, e.g. wins + ties/2) out of `n` trials.  n = 0 gives [0, 1]. */
void st_wilson(double k, double n, double *lo, double *hi);

/* Mean, standard deviation and 95% half-width of the mean from the count,
 * sum and sum of squares of a sample (normal approximation). */
void st_mean(double n, double sum, double sumsq, double *mean, double *sd, double *half);

/* Bradley-Terry strengths from pairwise results.
 *   n       number of players (bots)
 *   wins    n*n: wins[i*n+j] = points of i against j (a win 1, a tie 1/2)
 *   games   n*n: games[i*n+j] = games[j*n+i] = decided games between i and j
 *   prior   virtual tied games added to every pair (keeps a player who won
 *           or lost everything finite; 1 is a mild choice)
 * Out: rating[i] on the Elo scale (400 log10 of the strength, mean 0) and
 * se[i], its standard error from the observed Fisher information of the
 * mean-zero parametrisation.  Returns 0 on success, -1 on allocation
 * failure or n < 1. */
int st_bradley_terry(int n, const double *wins, const double *games, double prior, double *rating,
                     double *se);

/* Elo-scale rating difference to expected score: 1 / (1 + 10^(-d/400)). */
double st_elo_expect(double d);

#endif
