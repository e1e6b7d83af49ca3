/*
 * judge.c - dead stones from a GTP engine (judge.h): a pool of engines
 * shared by the worker threads, and the conversation for one game.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sgf/gtp.h"
#include "engine.h"
#include "judge.h"

/* Starts that may fail in a row before the judge stops trying: an
 * engine that cannot start at all must not cost every game of a run a
 * start (and a timeout). */
#define START_TRIES 3

/* One running engine and what it said about itself. */
struct slot {
	struct engine *e;
	char name[64], version[64];
	bool kata_rules, kgs_rules; /* it has kata-set-rules, kgs-rules */
	struct slot *next;
};

struct judge {
	char *command;
	double timeout;
	pthread_mutex_t mu;
	struct slot *idle; /* engines no game is using */
	int failed_starts; /* in a row */
	char start_error[256];
};

struct judge *
judge_new(const char *command, double timeout)
{
	struct judge *j = calloc(1, sizeof(*j));

	if (!j || !(j->command = strdup(command))) {
		free(j);
		return NULL;
	}
	j->timeout = timeout;
	pthread_mutex_init(&j->mu, NULL);
	return j;
}

void
judge_free(struct judge *j)
{
	if (!j)
		return;
	while (j->idle) {
		struct slot *s = j->idle;
		j->idle = s->next;
		engine_stop(s->e, true);
		free(s);
	}
	pthread_mutex_destroy(&j->mu);
	free(j->command);
	free(j);
}

/* A one-word answer kept for the output: printable, cut to fit. */
static void
keep_word(char *dst, size_t n, const char *text)
{
	snprintf(dst, n, "%s", text);
	gtp_text_line(dst);
	if (!*dst)
		snprintf(dst, n, "?");
}

/* Is `cmd` one of the lines of a list_commands answer? */
static bool
listed(const char *list, const char *cmd)
{
	size_t l = strlen(cmd);

	for (const char *p = list; *p;) {
		size_t k = strcspn(p, "\n");
		/* an engine may end its lines with blanks */
		size_t t = k;
		while (t && (p[t - 1] == ' ' || p[t - 1] == '\t'))
			t--;
		if (t == l && !memcmp(p, cmd, l))
			return true;
		p += k;
		if (*p)
			p++;
	}
	return false;
}

/* Start an engine and ask who it is and what it knows.  NULL with why
 * when it cannot judge. */
static struct slot *
start(struct judge *j, char *why, size_t n)
{
	struct slot *s = calloc(1, sizeof(*s));
	const char *t;
	enum engine_status st;

	if (!s) {
		snprintf(why, n, "out of memory");
		return NULL;
	}
	if (!(s->e = engine_start(j->command, why, n)))
		goto fail;
	/* name and version are required GTP commands: a refusal is
	 * odd, not fatal */
	if ((st = engine_ask(s->e, "name", j->timeout, &t, why, n)) ==
	    ENGINE_FAILED)
		goto fail;
	keep_word(s->name, sizeof(s->name), st == ENGINE_OK ? t : "");
	if ((st = engine_ask(s->e, "version", j->timeout, &t, why, n)) ==
	    ENGINE_FAILED)
		goto fail;
	keep_word(s->version, sizeof(s->version), st == ENGINE_OK ? t : "");
	st = engine_ask(s->e, "list_commands", j->timeout, &t, why, n);
	if (st == ENGINE_FAILED)
		goto fail;
	/* without list_commands (GTP 1), final_status_list is tried and
	 * no rules are told */
	if (st == ENGINE_OK) {
		if (!listed(t, "final_status_list")) {
			snprintf(why, n,
				 "'%s' has no final_status_list command: it "
				 "cannot say which stones are dead",
				 s->name);
			goto fail;
		}
		s->kata_rules = listed(t, "kata-set-rules");
		s->kgs_rules = listed(t, "kgs-rules");
	}
	return s;
fail:
	if (s->e)
		engine_stop(s->e, false);
	free(s);
	return NULL;
}

/* An engine for one game: an idle one, else a new one. */
static struct slot *
take(struct judge *j, char *why, size_t n)
{
	struct slot *s;
	char err[256];

	pthread_mutex_lock(&j->mu);
	if ((s = j->idle)) {
		j->idle = s->next;
		s->next = NULL;
	} else if (j->failed_starts >= START_TRIES) {
		snprintf(why, n,
			 "the engine is not started again after %d "
			 "failed starts: %s",
			 START_TRIES, j->start_error);
		pthread_mutex_unlock(&j->mu);
		return NULL;
	}
	pthread_mutex_unlock(&j->mu);
	if (s)
		return s;
	s = start(j, err, sizeof(err));
	pthread_mutex_lock(&j->mu);
	if (s) {
		j->failed_starts = 0;
	} else {
		j->failed_starts++;
		snprintf(j->start_error, sizeof(j->start_error), "%s", err);
	}
	pthread_mutex_unlock(&j->mu);
	if (!s)
		snprintf(why, n, "the engine did not start: %s", err);
	return s;
}

/* Back to the pool, or stopped when it failed. */
static void
give_back(struct judge *j, struct slot *s, bool failed)
{
	if (failed) {
		engine_stop(s->e, false);
		free(s);
		return;
	}
	pthread_mutex_lock(&j->mu);
	s->next = j->idle;
	j->idle = s;
	pthread_mutex_unlock(&j->mu);
}

void
judge_katago_rules(const struct rules *r, char *buf, size_t n)
{
	static const char *const ko[] = {"SIMPLE", "POSITIONAL", "SITUATIONAL",
					 "SITUATIONAL"};
	static const char *const bonus[] = {"0", "N", "N-1"};

	/* KataGo has no natural situational superko (BGA): situational
	 * is the nearest; a territory count gives seki eyes to nobody
	 * (tax SEKI), an area count to their owner */
	snprintf(buf, n,
		 "{\"ko\":\"%s\",\"scoring\":\"%s\",\"tax\":\"%s\","
		 "\"suicide\":%s,\"hasButton\":false,"
		 "\"whiteHandicapBonus\":\"%s\"}",
		 ko[r->ko], r->scoring == RULES_AREA ? "AREA" : "TERRITORY",
		 r->seki_eyes_count ? "NONE" : "SEKI",
		 r->suicide ? "true" : "false", bonus[r->hbonus]);
}

const char *
judge_kgs_rules(const struct rules *r)
{
	switch (r->id) {
	case RULES_JAPANESE:
	case RULES_KOREAN:
		return "japanese";
	case RULES_AGA:
	case RULES_BGA:
		return "aga";
	case RULES_NZ:
		return "new_zealand";
	case RULES_CHINESE:
	case RULES_ING:
	case RULES_TROMP_TAYLOR:
		return "chinese";
	default:
		return r->scoring == RULES_AREA ? "chinese" : "japanese";
	}
}

/* One game's conversation. */
struct talk {
	struct judge *j;
	struct slot *s;
	char *why;
	size_t n;
	bool failed;	   /* the engine is unusable */
	bool play_refused; /* it refused a move of the record */
};

/* Ask `cmd`; 0 with *text on success, else 1 with why set (failed
 * set when the engine is gone or useless). */
static int
ask(struct talk *k, const char *cmd, const char **text)
{
	char err[320];
	enum engine_status st =
	    engine_ask(k->s->e, cmd, k->j->timeout, text, err, sizeof(err));

	if (st == ENGINE_OK)
		return 0;
	if (st == ENGINE_FAILED) {
		k->failed = true;
		snprintf(k->why, k->n, "engine '%s': %s", k->s->name, err);
	} else {
		char msg[160];
		snprintf(msg, sizeof(msg), "%s", *text);
		gtp_text_line(msg);
		snprintf(k->why, k->n, "engine '%s' refused '%.60s': %s",
			 k->s->name, cmd, *msg ? msg : "(no reason given)");
	}
	return 1;
}

static int
emit(void *ctx, const char *line)
{
	struct talk *k = ctx;
	const char *t;
	int rc = ask(k, line, &t);

	/* an illegal move by the engine's rules: it keeps its position,
	 * which is then not the record's */
	if (rc && !k->failed && !strncmp(line, "play ", 5))
		k->play_refused = true;
	return rc;
}

/* Put the stones an answer names into mark[] (their whole chains);
 * 0, or -1 with why. */
static int
stones_of(struct talk *k, const char *cmd, const char *text,
	  const struct score_pos *pos, uint8_t *mark)
{
	uint8_t chain[SCORE_MAX_POINTS];
	int np = pos->w * pos->h;

	memset(mark, 0, (size_t)np);
	for (const char *p = text;;) {
		int x, y;
		size_t l;
		p += strspn(p, " \t\n");
		if (!*p)
			break;
		l = strcspn(p, " \t\n");
		if (gtp_vertex_parse(p, l, pos->w, pos->h, &x, &y) != 1) {
			snprintf(k->why, k->n,
				 "engine '%s' answered '%.*s' to '%s': not a "
				 "vertex of this %dx%d board",
				 k->s->name, (int)(l < 20 ? l : 20), p, cmd,
				 pos->w, pos->h);
			return -1;
		}
		if (!score_chain(pos, y * pos->w + x, chain)) {
			char v[GTP_VERTEX_MAX];
			gtp_vertex_name(x, y, pos->h, v);
			snprintf(k->why, k->n,
				 "engine '%s' answered %s to '%s': an empty "
				 "point of the record's position (the engine's "
				 "position is another)",
				 k->s->name, v, cmd);
			return -1;
		}
		for (int q = 0; q < np; q++)
			mark[q] |= chain[q];
		p += l;
	}
	return 0;
}

int
judge_dead(struct judge *j, const struct sgf_game *g, int upto, double komi,
	   const struct rules *rules, struct score_pos *pos, int to_move,
	   struct judge_verdict *v, char *why, size_t n)
{
	struct talk k = {j, NULL, why, n, false, false};
	struct gtp_setup o;
	const char *t, *whynot = NULL;
	char cmd[512], err[320];
	enum engine_status st;
	int rc = -1;

	memset(v, 0, sizeof(*v));
	if (pos->w != pos->h || pos->w > GTP_MAX_SIDE) {
		snprintf(why, n,
			 "GTP has square boards only: this one is %dx%d",
			 pos->w, pos->h);
		return -1;
	}
	if (!(k.s = take(j, why, n)))
		return -1;
	snprintf(v->name, sizeof(v->name), "%s", k.s->name);
	snprintf(v->version, sizeof(v->version), "%s", k.s->version);
	/* the rules first: neither command touches the board */
	if (k.s->kata_rules) {
		char json[256];
		judge_katago_rules(rules, json, sizeof(json));
		snprintf(cmd, sizeof(cmd), "kata-set-rules %s", json);
		if (ask(&k, cmd, &t))
			goto out;
	} else if (k.s->kgs_rules) {
		snprintf(cmd, sizeof(cmd), "kgs-rules %s",
			 judge_kgs_rules(rules));
		if (ask(&k, cmd, &t))
			goto out;
	}
	memset(&o, 0, sizeof(o));
	o.upto = upto;
	o.drop_end_passes = true;
	o.komi_set = true;
	o.komi = komi;
	if (gtp_setup_commands(g, &o, emit, &k, &whynot)) {
		/* why is set when the engine failed or refused */
		if (k.failed || (whynot == NULL && !k.play_refused))
			goto out;
		/* the position as it stands instead (gtp.h): the
		 * history is lost, the stones are the record's */
		k.play_refused = false;
		if (gtp_position_commands(pos->w, pos->color, to_move, komi,
					  emit, &k))
			goto out;
		v->stones = true;
	}
	if (ask(&k, "final_status_list dead", &t) ||
	    stones_of(&k, "final_status_list dead", t, pos, pos->dead))
		goto out;
	/* seki is optional in practice (KataGo answers it with nothing,
	 * a GTP 1 engine may refuse it): the game is judged all the
	 * same */
	st = engine_ask(k.s->e, "final_status_list seki", j->timeout, &t, err,
			sizeof(err));
	if (st == ENGINE_FAILED) {
		k.failed = true;
		snprintf(why, n, "engine '%s': %s", k.s->name, err);
		goto out;
	}
	if (st == ENGINE_OK) {
		if (stones_of(&k, "final_status_list seki", t, pos, v->seki))
			goto out;
		v->seki_known = true;
		for (int q = 0; q < pos->w * pos->h; q++)
			if (v->seki[q] && pos->dead[q]) {
				char vx[GTP_VERTEX_MAX];
				gtp_vertex_name(q % pos->w, q / pos->w, pos->h,
						vx);
				snprintf(why, n,
					 "engine '%s' calls %s both dead and "
					 "seki",
					 k.s->name, vx);
				goto out;
			}
	}
	rc = 0;
out:
	give_back(j, k.s, k.failed);
	return rc;
}
