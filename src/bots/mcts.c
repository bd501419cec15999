/*
 * mcts.c - bot "mcts": single-observer information-set Monte Carlo tree
 * search (SO-ISMCTS, after Cowling, Powley & Whitehouse, "Information Set
 * Monte Carlo Tree Search", IEEE TCIAIG 2012) with a PUCT tree policy,
 * written against the public API only, so it plays every game.
 *
 * One search = many iterations.  Each iteration starts from a fresh
 * determinization of the true state for the deciding player (kt_determinize
 * also reseeds the copy's generator, so shuffles and dice are unknown too)
 * and walks down the tree along actions legal in that world.  A node's
 * children are keyed by (player to move, action): in different worlds the
 * same history can lead to another player's decision.  At each node the
 * tree policy picks
 *     argmax  Q(a) + c * P(a) * sqrt(N + 1) / (1 + n(a))
 * over the legal actions: Q is the mean reward of the player to move, or for
 * untried actions the mean of the tried ones ("first-play urgency");
 * P gives `prior` of the weight to the action the game's heuristic bot would
 * play in this world and spreads the rest evenly.  Without the prior and
 * FPU, a node had to try every action before preferring one, so lines where
 * the player to move decides again (a Dominion turn is several decisions)
 * were averaged over many poor continuations and looked worse than handing
 * the move to the opponent - the bot then ended turns without buying.
 * An untried action becomes a new node, then a rollout of at most `depth`
 * actions (the game's heuristic bot, its cheap rollout bot with
 * policy=rollout, or uniform random) runs and kt_evaluate scores
 * the end (exact rewards when the game is over).  The move played is the
 * root action with the most visits; with stop=1 (one thread) the search
 * ends as soon as that action's lead exceeds the iterations still to come,
 * since no further iteration could change the move.  Root parallelism: each thread grows its
 * own tree from its own determinizations; the root visit counts are summed.
 * root=halving replaces the root's PUCT by flat sequential halving over the
 * root actions in shared worlds (see search_halving); the threads then vote.
 * opp=policy leaves the other players' decisions out of the tree: they are
 * played by the rollout policy on the way down, so the tree holds only the
 * deciding player's own choices (a model of the opponents, not the default).
 *
 * Data layout
 *   mcts_bot     options, the decision generator, the workers and the small
 *                thread pool (threads are created with the bot and wait for
 *                work; worker 0 runs on the caller's thread).
 *   mcts_worker  all memory one search thread touches, allocated at bot
 *                creation and reset (not freed) per decision:
 *     nodes[cap]   the tree; node 0 is the root, children form a singly
 *                  linked list (child -> next).  When the pool is full the
 *                  search goes on without expanding and the pool is grown
 *                  before the next decision - never inside the search loop.
 *     world        one state block: the current iteration's determinization,
 *                  played forward in place.
 *     legal[], child_of[]  legal actions of the world state and the tree
 *                  node of each (or -1).
 *     set[]        open-addressing table action -> legal index, marked with
 *                  a stamp per use so it never needs clearing.
 *     path[]       the nodes of the current iteration, for backpropagation.
 *     heur, rbot   this worker's own instances of the game's heuristic bot
 *                  (the prior; rollouts too when there is no rbot) and,
 *                  with policy=rollout, of its "rollout" bot, a cheap policy
 *                  made for rollouts; bots are not shared across threads.
 *     base, cand[], csum[], cvis[], roll   root=halving only: the world
 *                  before the candidate is played, the candidates with their
 *                  reward sums and counts, the world's rollout generator.
 */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/game.h"
#include "../core/mem.h"

#define MCTS_PATH 4096       /* deepest tree path followed in one iteration */
#define MCTS_INITIAL (1 << 16) /* first pool size for time budgets */

enum { MCTS_AUTO = 0, MCTS_RANDOM = 1, MCTS_HEURISTIC = 2 };
enum { POLICY_HEURISTIC = 0, POLICY_ROLLOUT = 1 };

typedef struct mcts_node {
    double reward;    /* sum of the rewards of `player` over the visits */
    kt_action action; /* edge from the parent */
    int32_t child;    /* first child, -1 = none */
    int32_t next;     /* next sibling, -1 = none */
    uint32_t visits;
    kt_action hint;      /* the heuristic bot's choice here, for hint_player */
    int16_t player;      /* who chose `action` (children are matched on it too) */
    int16_t hint_player; /* -1 until a bot was asked here; see policy_hint */
} mcts_node;
_Static_assert(sizeof(mcts_node) == 32, "the option help promises 32 bytes a node");

typedef struct mcts_slot {
    uint32_t stamp; /* equals the table's stamp when the slot is in use */
    kt_action action;
    int32_t index;
} mcts_slot;

struct mcts_bot;

typedef struct mcts_worker {
    struct mcts_bot *b;
    int id;
    mcts_node *nodes;
    int32_t nnodes, cap;
    int full;              /* the pool ran out during the last search */
    kt_state *world;
    kt_state *base;        /* halving: the iteration's world before any action */
    kt_action *legal;
    kt_action *cand;       /* halving: root candidates, best first after each round */
    double *csum;          /* halving: each candidate's reward summed over the */
    long long *cvis;       /*   shared worlds it was played in, and their count */
    kt_rng roll;           /* halving: the current world's rollout generator */
    kt_rng *rr;            /* rollouts and tie-breaks draw from here: &rng
                            * (PUCT) or &roll (halving: the same draws in
                            * every iteration of one world) */
    int32_t *child_of; /* node of legal[i] under the current node, -1 = untried */
    mcts_slot *set;
    uint32_t setmask, stamp;
    int32_t path[MCTS_PATH];
    kt_bot *heur;          /* the game's heuristic bot: prior, rollouts without rbot */
    kt_bot *rbot;          /* the game's rollout bot, if it has one: rollouts */
    int np;
    kt_rng rng;
    long long budget, done; /* iterations allowed / performed this decision */
    kt_status st;
    kt_err err;
    pthread_t th;
    int started;
} mcts_worker;

typedef struct mcts_bot {
    const kt_game *g;
    long long iters;
    int iters_given;
    long long time_ms;
    double c, prior;
    int prior_given;
    int rollout, depth, nthreads, max_legal;
    int halving;      /* root=halving: sequential halving with shared worlds */
    int opp_policy;   /* opp=policy: other players move by the rollout policy */
    int policy;       /* POLICY_*: which of the game's bots plays rollouts */
    int prior_visits; /* with a rollout bot: visits before the heuristic's prior */
    int width;        /* halving: most root actions compared */
    int32_t maxnodes;
    kt_rng rng;
    mcts_worker *w;
    /* current job, read by the workers */
    const kt_state *root;
    int root_player;
    int cpu_clock; /* time= counts each thread's CPU time, not wall time */
    int early;     /* stop=1 and one thread: end a decided search early */
    long long sims; /* iterations of all threads over the bot's life */
    kt_botctl *ctl;  /* host control (cancel, progress, time cap); may be NULL */
    kt_action *root_legal; /* the root's legal actions (max_legal), not on the stack */
    /* pool */
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    unsigned gen;
    int ndone, quit, sync_ok;
} mcts_bot;

static const kt_optinfo mcts_opts[] = {
    {"iters", KT_OPT_INT, "1000", 1, 1000000000, NULL,
     "iterations per decision, shared by the threads (with time=: an upper bound if given)"},
    {"time", KT_OPT_INT, "0", 0, 86400000, NULL,
     "milliseconds of search per decision; 0 = budget by iters"},
    {"c", KT_OPT_STR, "1.0", 0, 0, NULL, "PUCT exploration constant (rewards are in [0,1])"},
    {"rollout", KT_OPT_ENUM, "auto", 0, 0, "auto|random|heuristic",
     "rollout policy: the game's heuristic bot, uniform random, or auto = heuristic when the "
     "game has one"},
    {"depth", KT_OPT_INT, "40", -1, 100000000, NULL,
     "rollout length in actions before the game's evaluation; 0 = evaluate the new leaf, "
     "-1 = play to the end"},
    {"threads", KT_OPT_INT, "1", 1, 64, NULL, "search threads (root parallel)"},
    {"seed", KT_OPT_STR, "", 0, 0, NULL, "seed of the bot's generator (default: the one given "
     "when the bot is created)"},
    {"nodes", KT_OPT_INT, "2097152", 64, 1 << 28, NULL,
     "tree size limit per thread (32 bytes a node)"},
    {"clock", KT_OPT_ENUM, "wall", 0, 0, "wall|cpu",
     "what time= measures: wall time, or the CPU time of each search thread (fair "
     "comparisons on a busy machine)"},
    {"prior", KT_OPT_STR, "0.5", 0, 0, NULL,
     "share of the tree's exploration given to the heuristic bot's choice (0..1; 0 = "
     "uniform; without a heuristic bot in the game: uniform)"},
    {"root", KT_OPT_ENUM, "puct", 0, 0, "puct|halving",
     "how the root action is chosen: PUCT like every other node, or sequential halving "
     "(every remaining root action is tried in the same sampled worlds, the worse half "
     "dropped each round)"},
    {"width", KT_OPT_INT, "16", 2, KT_LEGAL_MAX, NULL,
     "root=halving: most root actions compared (with more legal actions, a quarter of the "
     "budget first runs PUCT and its most visited actions are compared)"},
    {"stop", KT_OPT_INT, "1", 0, 1, NULL,
     "1 = end a search as soon as the most visited action can no longer be overtaken in the "
     "budget left (same choice, less time; one thread only); 0 = always spend the budget"},
    {"opp", KT_OPT_ENUM, "tree", 0, 0, "tree|policy",
     "the other players' decisions: tree = searched like the bot's own (PUCT nodes), "
     "policy = played by the rollout policy, so the tree holds only the bot's own decisions"},
    {"policy", KT_OPT_ENUM, "heuristic", 0, 0, "heuristic|rollout",
     "the game's bot that plays rollout=heuristic rollouts: its 'heuristic' bot, or its "
     "'rollout' bot (a cheap policy made for rollouts, e.g. Marco Polo II's; an error in a "
     "game without one); the prior is the heuristic bot's"},
    {"prior_visits", KT_OPT_INT, "8", 0, 1000000000, NULL,
     "with the game's rollout bot (policy): a node's prior is the rollout bot's choice until "
     "the node has this many visits, then the heuristic bot's (0 = always the heuristic bot's)"},
};
#define MCTS_NOPTS ((int)(sizeof mcts_opts / sizeof mcts_opts[0]))

/* Seconds on the clock time= counts: wall (monotonic) or this thread's CPU
 * time, which makes budgets independent of other load on the machine. */
static double clock_now(int cpu)
{
    struct timespec t;
    clock_gettime(cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------ legal set */

static uint32_t slot_hash(kt_action a)
{
    uint32_t h = a * 0x9e3779b1u;
    return h ^ (h >> 15);
}

/* Start a new use of the table: a new stamp retires every slot at once. */
static void set_clear(mcts_worker *w)
{
    if (++w->stamp == 0) { /* wrapped after 2^32 uses: really clear once */
        memset(w->set, 0, sizeof *w->set * (w->setmask + 1));
        w->stamp = 1;
    }
}

static void set_put(mcts_worker *w, kt_action a, int32_t index)
{
    uint32_t i = slot_hash(a) & w->setmask;
    while (w->set[i].stamp == w->stamp)
        i = (i + 1) & w->setmask;
    w->set[i].stamp = w->stamp;
    w->set[i].action = a;
    w->set[i].index = index;
}

static int32_t set_get(const mcts_worker *w, kt_action a)
{
    uint32_t i = slot_hash(a) & w->setmask;
    while (w->set[i].stamp == w->stamp) {
        if (w->set[i].action == a)
            return w->set[i].index;
        i = (i + 1) & w->setmask;
    }
    return -1;
}

/* ------------------------------------------------------------ search */

static int32_t node_new(mcts_worker *w, int32_t parent, kt_action a, int player)
{
    int32_t k = w->nnodes++;
    mcts_node *n = &w->nodes[k];
    n->reward = 0;
    n->action = a;
    n->child = -1;
    n->visits = 0;
    n->player = (int16_t)player;
    n->hint_player = -1;
    n->next = w->nodes[parent].child;
    w->nodes[parent].child = k;
    return k;
}

/* The legal index of the heuristic bot's choice at node v for `mover`, or
 * -1.  The bot is asked in the first world that reaches the node and its
 * answer kept (asked again only if that action is not legal in a later
 * world): asking in every world made the prior cost more than the search
 * in games whose heuristic bot looks ahead.  With a rollout bot (rbot) the
 * node's prior is the rollout bot's choice until the node has
 * `prior_visits` visits and the heuristic bot's from then on: in Marco Polo
 * II the heuristic bot costs some 100 rollout decisions, and most nodes are
 * visited only a few times.  hint_player keeps the mover, plus 256 when the
 * hint is the heuristic bot's. */
static int policy_hint(mcts_worker *w, int32_t v, int mover, int n)
{
    if (n < 2 || !w->heur || w->b->prior <= 0)
        return -1;
    mcts_node *nd = &w->nodes[v];
    int strong = !w->rbot || nd->visits >= (uint32_t)w->b->prior_visits;
    int key = mover | strong << 8;
    if (nd->hint_player == key)
        for (int i = 0; i < n; i++)
            if (w->legal[i] == nd->hint)
                return i;
    kt_action a;
    if (kt_bot_choose_fast(strong ? w->heur : w->rbot, w->world, &a, &w->err) != KT_OK)
        return -1;
    nd->hint = a;
    nd->hint_player = (int16_t)key;
    for (int i = 0; i < n; i++)
        if (w->legal[i] == a)
            return i;
    return -1;
}

/* One step of the tree policy at node v in the world d: choose among the
 * legal actions with PUCT.  Tried actions score their mean reward for the
 * player to move; untried ones the mean of the tried ones ("first-play
 * urgency"), so that a node does not have to try every action before it
 * can prefer one, and the exploration bonus is spread by the prior.
 * Returns the legal index; *child is its node or -1 when untried. */
static int tree_pick(mcts_worker *w, int32_t v, int n, int mover, int32_t *child)
{
    mcts_bot *b = w->b;
    double qsum = 0, nsum = 0;
    for (int i = 0; i < n; i++)
        w->child_of[i] = -1;
    if (w->nodes[v].child >= 0) {
        set_clear(w);
        for (int i = 0; i < n; i++)
            set_put(w, w->legal[i], i);
        for (int32_t c = w->nodes[v].child; c >= 0; c = w->nodes[c].next) {
            const mcts_node *cn = &w->nodes[c];
            int32_t i = cn->player == mover ? set_get(w, cn->action) : -1;
            if (i < 0)
                continue; /* not legal in this world (or another player's) */
            w->child_of[i] = c;
            qsum += cn->reward;
            nsum += cn->visits;
        }
    }
    double fpu = nsum > 0 ? qsum / nsum : 1.0 / w->np;
    int hint = policy_hint(w, v, mover, n);
    double base = hint >= 0 ? (1 - b->prior) / n : 1.0 / n;
    double sq = b->c * sqrt((double)w->nodes[v].visits + 1);
    double best = -1e300;
    int bi = 0;
    uint32_t ties = 0;
    for (int i = 0; i < n; i++) {
        int32_t c = w->child_of[i];
        double nv = c >= 0 ? w->nodes[c].visits : 0;
        double q = nv > 0 ? w->nodes[c].reward / nv : fpu;
        double p = i == hint ? base + b->prior : base;
        double sc = q + sq * p / (1 + nv);
        if (sc > best + 1e-12) {
            best = sc;
            bi = i;
            ties = 1;
        } else if (sc >= best - 1e-12 && kt_rng_below(w->rr, ++ties) == 0) {
            bi = i; /* equal scores: a uniform choice among them */
        }
    }
    *child = w->child_of[bi];
    return bi;
}

/* The rollout policy's action in the world d: the game's rollout bot's or
 * heuristic bot's choice, or a uniform legal action.  Returns 0 after
 * recording an error in w->st. */
static int policy_action(mcts_worker *w, const kt_state *d, kt_action *a)
{
    mcts_bot *b = w->b;
    if (b->rollout == MCTS_HEURISTIC) {
        w->st = kt_bot_choose_fast(w->rbot ? w->rbot : w->heur, d, a, &w->err);
        return w->st == KT_OK;
    }
    int n = kt_legal(b->g, d, w->legal, b->max_legal);
    *a = w->legal[kt_rng_below(w->rr, (uint32_t)n)];
    return 1;
}

/* Play the world forward by the rollout policy for at most `depth` actions
 * (all of them with depth < 0) and score the end with kt_evaluate: exact
 * rewards when the game is over, the game's estimate otherwise.  Returns 0
 * after recording an error in w->st. */
static int rollout(mcts_worker *w, double r[KT_MAX_PLAYERS])
{
    mcts_bot *b = w->b;
    const kt_game *g = b->g;
    kt_state *d = w->world;
    for (int steps = 0; !kt_is_over(g, d) && (b->depth < 0 || steps < b->depth); steps++) {
        kt_action a;
        if (!policy_action(w, d, &a))
            return 0;
        kt_apply_trusted(g, d, a);
    }
    kt_evaluate(g, d, r);
    return 1;
}

/* One PUCT iteration in the world w->world (already determinized; played
 * forward in place): down the tree, one new node, a rollout, back up.
 * Returns 0 after recording an error in w->st. */
static int iterate(mcts_worker *w)
{
    mcts_bot *b = w->b;
    const kt_game *g = b->g;
    kt_state *d = w->world;
    int depth = 0;
    int32_t v = 0;
    w->path[depth++] = 0;
    while (!kt_is_over(g, d) && depth < MCTS_PATH) {
        int mover = kt_to_move(g, d);
        if (b->opp_policy && mover != b->root_player) {
            /* opp=policy: another player's decision is no tree node; it is
             * played as the rollout policy would, and the walk goes on from
             * the same node to the bot's next decision */
            kt_action a;
            if (!policy_action(w, d, &a))
                return 0;
            kt_apply_trusted(g, d, a);
            continue;
        }
        int n = kt_legal(g, d, w->legal, b->max_legal);
        int32_t c;
        int i = tree_pick(w, v, n, mover, &c);
        if (w->err.code != KT_OK)
            return w->st = w->err.code, 0;
        if (c < 0) {
            /* a new node (if there is room), then the rollout */
            if (w->nnodes < w->cap)
                w->path[depth++] = node_new(w, v, w->legal[i], mover);
            else
                w->full = 1;
            kt_apply_trusted(g, d, w->legal[i]);
            break;
        }
        v = c;
        w->path[depth++] = v;
        kt_apply_trusted(g, d, w->legal[i]);
    }
    double r[KT_MAX_PLAYERS];
    if (!rollout(w, r))
        return 0;
    w->nodes[0].visits++;
    for (int k = 1; k < depth; k++) {
        mcts_node *n = &w->nodes[w->path[k]];
        n->visits++;
        n->reward += r[n->player];
    }
    return 1;
}

/* Visits of the most visited root child minus those of the runner-up (all
 * root children belong to the root player: every world has the same
 * decision at the root). */
static long long root_lead(const mcts_worker *w)
{
    uint32_t first = 0, second = 0;
    for (int32_t c = w->nodes[0].child; c >= 0; c = w->nodes[c].next) {
        uint32_t v = w->nodes[c].visits;
        if (v > first)
            second = first, first = v;
        else if (v > second)
            second = v;
    }
    return (long long)first - second;
}

/* Whether the search may end now without changing its choice: the leader's
 * lead exceeds the iterations still to come, so no other action can reach
 * its visit count (a tie would go to the higher mean, so the lead must be
 * strictly larger).  Under a time budget the iterations to come are
 * estimated from the rate so far; the move played is then the one the full
 * search would play unless the rate rises by more than the lead's margin. */
static int decided(const mcts_worker *w, double start, double now, double deadline)
{
    long long left = w->budget - w->done;
    if (deadline > 0 && now > start) {
        double est = (double)w->done / (now - start) * (deadline - now);
        if (est < (double)left)
            left = (long long)est + 1;
    }
    return root_lead(w) > left;
}

#define MCTS_STOP_EVERY 16 /* iterations between checks of decided() */

/* Order the m candidates by their mean reward in the shared worlds, best
 * first (stable: among equals the earlier stays first). */
static void rank_candidates(mcts_worker *w, int m)
{
    for (int i = 1; i < m; i++) {
        kt_action a = w->cand[i];
        double sum = w->csum[i];
        long long vis = w->cvis[i];
        double q = vis ? sum / (double)vis : 0;
        int j = i;
        for (; j > 0; j--) {
            double qj = w->cvis[j - 1] ? w->csum[j - 1] / (double)w->cvis[j - 1] : 0;
            if (qj >= q)
                break;
            w->cand[j] = w->cand[j - 1];
            w->csum[j] = w->csum[j - 1];
            w->cvis[j] = w->cvis[j - 1];
        }
        w->cand[j] = a;
        w->csum[j] = sum;
        w->cvis[j] = vis;
    }
}

/* The k most visited root actions of the tree so far into cand[0..k),
 * most visited first; returns how many there are (at most k). */
static int top_visited(mcts_worker *w, int k)
{
    int m = 0;
    for (int32_t c = w->nodes[0].child; c >= 0; c = w->nodes[c].next) {
        long long v = w->nodes[c].visits;
        if (m == k && v <= w->cvis[k - 1])
            continue;
        int j = m < k ? m++ : k - 1; /* a full list drops its last entry */
        for (; j > 0 && w->cvis[j - 1] < v; j--) {
            w->cand[j] = w->cand[j - 1];
            w->cvis[j] = w->cvis[j - 1];
        }
        w->cand[j] = w->nodes[c].action;
        w->cvis[j] = v;
    }
    return m;
}

/* Has the host cancelled this decision?  Also publishes progress every 64
 * iterations (one relaxed atomic add; the search loop stays cheap). */
static int cancelled(const mcts_worker *w)
{
    kt_botctl *ctl = w->b->ctl;
    if (!ctl)
        return 0;
    if ((w->done & 63) == 63)
        atomic_fetch_add_explicit(&ctl->progress, 64, memory_order_relaxed);
    return atomic_load_explicit(&ctl->cancel, memory_order_relaxed) != 0;
}

static void search_puct(mcts_worker *w, double start, double deadline, long long budget);

/* root=halving: sequential halving (Karnin, Koren & Somekh, ICML 2013) over
 * the root actions, each scored by rollouts played straight from it.  The
 * budget is split into ceil(log2 m) rounds; in each round every remaining
 * candidate is played out in the same sampled worlds - one determinization
 * and one rollout generator per world, shared by all candidates (common
 * random numbers) - and the worse half is dropped.  Where the luck of the
 * shuffle or the dice outweighs the difference between two moves, comparing
 * them in the same worlds cancels most of that luck, and halving spends the
 * budget on telling the best moves apart instead of on the regret of the
 * moves tried along the way.  What it estimates is the value of each move
 * followed by the rollout policy: with the game's heuristic bot as that
 * policy, one step of policy improvement over the bot.  There is no tree
 * below the root: measured in Dominion, subtrees below the candidates
 * charged each candidate with the exploration of its own later decisions
 * (a Market, which leaves one more decision this turn, then looked worse
 * than ending the action phase).  With more than `width` legal actions a
 * quarter of the budget first runs PUCT, and its `width` most visited
 * actions are the candidates. */
static void search_halving(mcts_worker *w, double start, double deadline)
{
    mcts_bot *b = w->b;
    const kt_game *g = b->g;
    int m = kt_legal(g, b->root, w->cand, b->max_legal);
    if (m > b->width) {
        double pilot_end = deadline > 0 ? start + (deadline - start) / 4 : 0;
        w->rr = &w->rng;
        search_puct(w, start, pilot_end, w->budget / 4);
        if (w->st != KT_OK)
            return;
        m = top_visited(w, b->width);
        start = pilot_end > 0 ? pilot_end : start;
    }
    w->rr = &w->roll;
    for (int i = 0; i < m; i++)
        w->csum[i] = 0, w->cvis[i] = 0;
    int rounds = 0;
    for (int k = m; k > 1; k = (k + 1) / 2)
        rounds++;
    double r[KT_MAX_PLAYERS];
    for (int round = 0; round < rounds; round++) {
        long long per = (w->budget - w->done) / ((long long)(rounds - round) * m);
        double end = deadline > 0 ? start + (deadline - start) * (round + 1) / rounds : 0;
        for (long long j = 0; j < per || j == 0; j++) {
            if (j > 0 && end > 0 && clock_now(b->cpu_clock) >= end)
                break;
            if (j > 0 && cancelled(w))
                break;
            uint64_t seed = kt_rng_next(&w->rng);
            kt_determinize(g, b->root, b->root_player, seed, w->base);
            for (int i = 0; i < m; i++) {
                kt_state_copy(g, w->world, w->base);
                kt_rng_seed(&w->roll, kt_seed_derive(seed, 0x7011));
                kt_apply_trusted(g, w->world, w->cand[i]);
                if (!rollout(w, r))
                    return;
                w->csum[i] += r[b->root_player];
                w->cvis[i]++;
                w->done++;
            }
        }
        rank_candidates(w, m);
        m = (m + 1) / 2;
    }
}

/* PUCT iterations from the root until `budget` iterations are done, the
 * deadline (if > 0) passes or, with stop=1, the choice is decided. */
static void search_puct(mcts_worker *w, double start, double deadline, long long budget)
{
    mcts_bot *b = w->b;
    double now = start;
    while (w->done < budget) {
        if (deadline > 0 && (now = clock_now(b->cpu_clock)) >= deadline)
            break;
        if (cancelled(w))
            break;
        if (b->early && w->done % MCTS_STOP_EVERY == 0 && w->done > 0 &&
            decided(w, start, now, deadline))
            break;
        kt_determinize(b->g, b->root, b->root_player, kt_rng_next(&w->rng), w->world);
        if (!iterate(w))
            break;
        w->done++;
    }
}

static void search(mcts_worker *w)
{
    mcts_bot *b = w->b;
    w->nnodes = 1;
    w->nodes[0].child = -1;
    w->nodes[0].visits = 0;
    w->nodes[0].hint_player = -1;
    w->full = 0;
    w->done = 0;
    w->st = KT_OK;
    w->err.code = KT_OK;
    double start = clock_now(b->cpu_clock);
    long long ms = b->time_ms;
    if (b->ctl && b->ctl->max_ms > 0 && (ms <= 0 || ms > b->ctl->max_ms))
        ms = b->ctl->max_ms; /* the host's cap */
    double deadline = ms > 0 ? start + (double)ms * 1e-3 : 0;
    if (b->halving) {
        search_halving(w, start, deadline);
    } else {
        w->rr = &w->rng;
        search_puct(w, start, deadline, w->budget);
    }
}

static void *worker_main(void *arg)
{
    mcts_worker *w = arg;
    mcts_bot *b = w->b;
    unsigned seen = 0;
    pthread_mutex_lock(&b->mu);
    for (;;) {
        while (b->gen == seen && !b->quit)
            pthread_cond_wait(&b->go, &b->mu);
        if (b->quit)
            break;
        seen = b->gen;
        pthread_mutex_unlock(&b->mu);
        search(w);
        pthread_mutex_lock(&b->mu);
        if (++b->ndone == b->nthreads - 1)
            pthread_cond_signal(&b->done);
    }
    pthread_mutex_unlock(&b->mu);
    return NULL;
}

/* ------------------------------------------------------------ memory */

/* Grow the node pool between decisions (never during a search).  A failed
 * allocation keeps the old pool: the search then expands less. */
static void pool_grow(mcts_worker *w, int32_t want)
{
    if (want <= w->cap)
        return;
    mcts_node *p = kt_mem_realloc(&w->b->g->alloc, w->nodes, sizeof *p * (size_t)w->cap,
                                  sizeof *p * (size_t)want);
    if (p) {
        w->nodes = p;
        w->cap = want;
    }
}

static int32_t pool_target(const mcts_bot *b, const mcts_worker *w)
{
    long long want = w->cap;
    if (!(b->time_ms > 0 && !b->iters_given)) { /* bounded by iterations */
        long long need = w->budget + 1;
        if (need > want)
            want = need;
    }
    if (b->time_ms > 0 && w->full && 2LL * w->cap > want)
        want = 2LL * w->cap;
    return (int32_t)(want < b->maxnodes ? want : b->maxnodes);
}

static void worker_free(mcts_worker *w)
{
    if (!w->b)
        return; /* never initialised: holds nothing */
    const kt_allocator *A = &w->b->g->alloc;
    size_t ml = (size_t)w->b->max_legal, ss = kt_state_size(w->b->g);
    kt_mem_free(A, w->nodes, sizeof *w->nodes * (size_t)w->cap);
    kt_mem_free(A, w->world, ss);
    kt_mem_free(A, w->base, ss);
    kt_mem_free(A, w->cand, sizeof *w->cand * ml);
    kt_mem_free(A, w->csum, sizeof *w->csum * ml);
    kt_mem_free(A, w->cvis, sizeof *w->cvis * ml);
    kt_mem_free(A, w->legal, sizeof *w->legal * ml);
    kt_mem_free(A, w->child_of, sizeof *w->child_of * ml);
    kt_mem_free(A, w->set, sizeof *w->set * ((size_t)w->setmask + 1));
    kt_bot_free(w->heur);
    kt_bot_free(w->rbot);
}

static kt_status worker_init(mcts_bot *b, mcts_worker *w, int id, uint64_t seed, kt_err *err)
{
    const kt_game *g = b->g;
    w->b = b;
    w->id = id;
    uint32_t sz = 16;
    while (sz < 2u * (uint32_t)b->max_legal)
        sz *= 2;
    w->setmask = sz - 1;
    /* first pool: small; choose() grows it to the budget before searching */
    w->cap = MCTS_INITIAL < b->maxnodes ? MCTS_INITIAL : b->maxnodes;
    const kt_allocator *A = &g->alloc;
    w->nodes = kt_mem_alloc(A, sizeof *w->nodes * (size_t)w->cap);
    w->world = kt_mem_alloc(A, kt_state_size(g));
    w->legal = kt_mem_alloc(A, sizeof *w->legal * (size_t)b->max_legal);
    if (b->halving) {
        w->base = kt_mem_alloc(A, kt_state_size(g));
        w->cand = kt_mem_alloc(A, sizeof *w->cand * (size_t)b->max_legal);
        w->csum = kt_mem_alloc(A, sizeof *w->csum * (size_t)b->max_legal);
        w->cvis = kt_mem_alloc(A, sizeof *w->cvis * (size_t)b->max_legal);
        if (!w->base || !w->cand || !w->csum || !w->cvis)
            return kt_seterr(err, KT_ENOMEM, "bot mcts: out of memory for the search");
    }
    w->child_of = kt_mem_alloc(A, sizeof *w->child_of * (size_t)b->max_legal);
    w->set = kt_mem_zalloc(A, sz * sizeof *w->set);
    if (!w->nodes || !w->world || !w->legal || !w->child_of || !w->set)
        return kt_seterr(err, KT_ENOMEM, "bot mcts: out of memory for the search tree");
    w->np = kt_game_players(g);
    kt_err e2;
    kt_status st;
    /* the rollout bot: a game's cheap policy made for rollouts */
    if (b->rollout != MCTS_RANDOM && b->policy == POLICY_ROLLOUT) {
        st = kt_bot_new(g, "rollout", kt_seed_derive(seed, 0x5e0u + (uint64_t)id), &w->rbot,
                        &e2);
        if (st == KT_EUNKNOWN)
            return kt_seterr(err, KT_EINVAL,
                             "option 'policy' of bot mcts: %s has no rollout bot (use "
                             "policy=heuristic)",
                             kt_game_name(g));
        if (st != KT_OK)
            return kt_seterr(err, st, "bot mcts: creating the rollout bot failed: %s", e2.msg);
    }
    /* the heuristic bot: the prior, and the rollouts without a rollout bot */
    if ((b->rollout != MCTS_RANDOM && !w->rbot) || b->prior > 0) {
        st = kt_bot_new(g, "heuristic", kt_seed_derive(seed, 0x4e0u + (uint64_t)id), &w->heur,
                        &e2);
        if (st == KT_EUNKNOWN) {
            if (b->rollout == MCTS_HEURISTIC && !w->rbot)
                return kt_seterr(err, KT_EINVAL,
                                 "option 'rollout' of bot mcts: %s has no heuristic bot to play "
                                 "rollouts with (use rollout=random)",
                                 kt_game_name(g));
            if (b->prior_given && b->prior > 0)
                return kt_seterr(err, KT_EINVAL,
                                 "option 'prior' of bot mcts: %s has no heuristic bot to take a "
                                 "prior from (use prior=0)",
                                 kt_game_name(g));
            if (!w->rbot)
                b->rollout = MCTS_RANDOM; /* the documented defaults without one */
            b->prior = 0;
        } else if (st != KT_OK) {
            return kt_seterr(err, st, "bot mcts: creating the heuristic bot failed: %s", e2.msg);
        }
    }
    if (b->rollout == MCTS_AUTO)
        b->rollout = w->rbot || w->heur ? MCTS_HEURISTIC : MCTS_RANDOM;
    return KT_OK;
}

static void mcts_destroy(void *ud)
{
    mcts_bot *b = ud;
    if (!b)
        return;
    if (b->sync_ok) {
        pthread_mutex_lock(&b->mu);
        b->quit = 1;
        pthread_cond_broadcast(&b->go);
        pthread_mutex_unlock(&b->mu);
        for (int t = 1; t < b->nthreads; t++)
            if (b->w[t].started)
                pthread_join(b->w[t].th, NULL);
        pthread_cond_destroy(&b->go);
        pthread_cond_destroy(&b->done);
        pthread_mutex_destroy(&b->mu);
    }
    const kt_allocator *A = &b->g->alloc;
    for (int t = 0; b->w && t < b->nthreads; t++)
        worker_free(&b->w[t]);
    kt_mem_free(A, b->w, sizeof *b->w * (size_t)b->nthreads);
    kt_mem_free(A, b->root_legal, sizeof *b->root_legal * (size_t)b->max_legal);
    kt_mem_free(A, b, sizeof *b);
}

/* ------------------------------------------------------------ options */

static kt_status parse_options(mcts_bot *b, const kt_optval *o, uint64_t *seed, kt_err *err)
{
    b->iters = o[0].i;
    b->iters_given = o[0].set;
    b->time_ms = o[1].i;
    char *end;
    b->c = strtod(o[2].s, &end);
    if (!o[2].s[0] || *end || !isfinite(b->c) || b->c < 0)
        return kt_seterr(err, KT_EINVAL,
                         "option 'c' of bot mcts: '%s' is not a number >= 0 (e.g. c=1.5)",
                         o[2].s);
    b->rollout = (int)o[3].i;
    b->depth = (int)o[4].i;
    b->nthreads = (int)o[5].i;
    if (o[6].s[0]) {
        unsigned long long v;
        int len = 0;
        if (o[6].s[0] == '-' || sscanf(o[6].s, "%llu%n", &v, &len) != 1 || o[6].s[len])
            return kt_seterr(err, KT_EINVAL,
                             "option 'seed' of bot mcts: '%s' is not a non-negative integer",
                             o[6].s);
        *seed = v;
    }
    b->maxnodes = (int32_t)o[7].i;
    b->halving = o[10].i == 1;
    b->width = (int)o[11].i;
    b->opp_policy = o[13].i == 1;
    b->policy = (int)o[14].i;
    b->prior_visits = (int)o[15].i;
    /* halving spends each round's budget by design; the early stop is PUCT's */
    b->early = o[12].i == 1 && b->nthreads == 1 && !b->halving;
    b->cpu_clock = o[8].i == 1;
    b->prior = strtod(o[9].s, &end);
    b->prior_given = o[9].set;
    if (!o[9].s[0] || *end || !(b->prior >= 0 && b->prior <= 1))
        return kt_seterr(err, KT_EINVAL,
                         "option 'prior' of bot mcts: '%s' is not a number from 0 to 1", o[9].s);
    if (b->iters < b->nthreads && !(b->time_ms > 0 && !b->iters_given))
        return kt_seterr(err, KT_EINVAL,
                         "bot mcts: iters=%lld is fewer than one iteration per thread "
                         "(threads=%d)",
                         b->iters, b->nthreads);
    return KT_OK;
}

static kt_status mcts_create(const kt_game *g, const kt_optval *opts, uint64_t seed, void **ud,
                             kt_err *err)
{
    *ud = NULL;
    const kt_allocator *A = &g->alloc;
    mcts_bot *b = kt_mem_zalloc(A, sizeof *b);
    if (!b)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    b->g = g;
    b->max_legal = kt_game_max_legal(g);
    kt_status st = parse_options(b, opts, &seed, err);
    if (st != KT_OK) {
        kt_mem_free(A, b, sizeof *b);
        return st;
    }
    kt_rng_seed(&b->rng, kt_seed_derive(seed, 0x3c75));
    b->w = kt_mem_zalloc(A, sizeof *b->w * (size_t)b->nthreads);
    b->root_legal = kt_mem_alloc(A, sizeof *b->root_legal * (size_t)b->max_legal);
    if (!b->w || !b->root_legal) {
        kt_mem_free(A, b->w, sizeof *b->w * (size_t)b->nthreads);
        kt_mem_free(A, b->root_legal, sizeof *b->root_legal * (size_t)b->max_legal);
        kt_mem_free(A, b, sizeof *b);
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    for (int t = 0; t < b->nthreads && st == KT_OK; t++)
        st = worker_init(b, &b->w[t], t, seed, err);
    if (st == KT_OK && b->nthreads > 1) {
        if (pthread_mutex_init(&b->mu, NULL) || pthread_cond_init(&b->go, NULL) ||
            pthread_cond_init(&b->done, NULL))
            st = kt_seterr(err, KT_ENOMEM, "bot mcts: cannot create thread synchronisation");
        else
            b->sync_ok = 1;
        for (int t = 1; t < b->nthreads && st == KT_OK; t++) {
            if (pthread_create(&b->w[t].th, NULL, worker_main, &b->w[t]) != 0)
                st = kt_seterr(err, KT_ENOMEM, "bot mcts: cannot start search thread %d", t + 1);
            else
                b->w[t].started = 1;
        }
    }
    if (st != KT_OK) {
        mcts_destroy(b);
        return st;
    }
    *ud = b;
    return KT_OK;
}

/* ------------------------------------------------------------ decision */

/* The move: with PUCT the most visited root action over all trees, with
 * halving the action most threads kept to the end; ties go to the higher
 * mean reward over all trees, then to the earlier legal action. */
static kt_action best_root(mcts_bot *b, const kt_action *legal, int n)
{
    double visits[KT_LEGAL_MAX], reward[KT_LEGAL_MAX], votes[KT_LEGAL_MAX];
    mcts_worker *w0 = &b->w[0];
    set_clear(w0);
    for (int i = 0; i < n; i++) {
        set_put(w0, legal[i], i);
        visits[i] = reward[i] = votes[i] = 0;
    }
    for (int t = 0; t < b->nthreads; t++) {
        const mcts_worker *w = &b->w[t];
        for (int32_t c = w->nodes[0].child; c >= 0; c = w->nodes[c].next) {
            int32_t i = set_get(w0, w->nodes[c].action);
            if (i >= 0) {
                visits[i] += w->nodes[c].visits;
                reward[i] += w->nodes[c].reward;
            }
        }
        int32_t k = b->halving && w->done > 0 ? set_get(w0, w->cand[0]) : -1;
        if (k >= 0)
            votes[k] += 1;
    }
    const double *count = b->halving ? votes : visits;
    int best = 0;
    for (int i = 1; i < n; i++) {
        double mi = visits[i] > 0 ? reward[i] / visits[i] : 0;
        double mb = visits[best] > 0 ? reward[best] / visits[best] : 0;
        if (count[i] > count[best] || (count[i] == count[best] && mi > mb))
            best = i;
    }
    return legal[best];
}

static kt_status mcts_choose(void *ud, const kt_game *g, const kt_state *s, kt_action *out,
                             kt_err *err)
{
    mcts_bot *b = ud;
    kt_action *legal = b->root_legal;
    int n = kt_legal(g, s, legal, b->max_legal);
    if (n <= 0)
        return kt_seterr(err, KT_EINTERNAL, "no legal action in a running game");
    uint64_t dseed = kt_rng_next(&b->rng);
    if (n == 1) {
        *out = legal[0];
        return KT_OK;
    }
    b->root = s;
    b->root_player = kt_to_move(g, s);
    long long total = b->time_ms > 0 && !b->iters_given ? (1LL << 62) : b->iters;
    for (int t = 0; t < b->nthreads; t++) {
        mcts_worker *w = &b->w[t];
        w->budget = total / b->nthreads + (t < total % b->nthreads);
        kt_rng_seed(&w->rng, kt_seed_derive(dseed, (uint64_t)t + 1));
    }
    for (int t = 0; t < b->nthreads; t++)
        pool_grow(&b->w[t], pool_target(b, &b->w[t]));
    if (b->nthreads > 1) {
        pthread_mutex_lock(&b->mu);
        b->ndone = 0;
        b->gen++;
        pthread_cond_broadcast(&b->go);
        pthread_mutex_unlock(&b->mu);
    }
    search(&b->w[0]);
    if (b->nthreads > 1) {
        pthread_mutex_lock(&b->mu);
        while (b->ndone < b->nthreads - 1)
            pthread_cond_wait(&b->done, &b->mu);
        pthread_mutex_unlock(&b->mu);
    }
    for (int t = 0; t < b->nthreads; t++) {
        if (b->w[t].st != KT_OK) {
            if (err)
                *err = b->w[t].err;
            return b->w[t].st;
        }
    }
    for (int t = 0; t < b->nthreads; t++)
        b->sims += b->w[t].done;
    *out = best_root(b, legal, n);
    return KT_OK;
}

static void mcts_control(void *ud, kt_botctl *ctl) { ((mcts_bot *)ud)->ctl = ctl; }

long long kt_mcts_simulations(const void *ud)
{
    return ((const mcts_bot *)ud)->sims;
}

const kt_botdef kt_bot_mcts = {
    .info = {"mcts", "information-set Monte Carlo tree search (any game)", mcts_opts, MCTS_NOPTS},
    .create = mcts_create,
    .choose = mcts_choose,
    .destroy = mcts_destroy,
    .control = mcts_control,
};
