/*
 * rules.h - rule sets: what is legal and how a game is counted.
 *
 * Every rule set reduces to a handful of switches (the decomposition
 * KataGo uses, see ../shared/docs/RULESETS.md section 4): the ko rule,
 * whether multi-stone suicide is legal, territory or area counting,
 * whether seki eyes count, the handicap compensation under area
 * counting, and a default komi.  The command line may override each
 * switch after a preset is chosen.
 */
#ifndef RULES_H
#define RULES_H

#include <stdbool.h>

enum rules_ko {
	RULES_KO_SIMPLE,      /* no immediate recapture that restores the
			       * position before the opponent's last move */
	RULES_KO_POSITIONAL,  /* PSK: no earlier board colouring */
	RULES_KO_SITUATIONAL, /* SSK: no earlier (colouring, side to move) */
	RULES_KO_NATURAL      /* NSSK + basic ko (BGA) */
};

enum rules_scoring { RULES_TERRITORY, RULES_AREA };

enum rules_handicap_bonus { RULES_HB_NONE, RULES_HB_N, RULES_HB_N_MINUS_1 };

enum rules_id {
	RULES_JAPANESE,
	RULES_KOREAN,
	RULES_CHINESE,
	RULES_AGA,
	RULES_BGA,
	RULES_NZ,
	RULES_ING,
	RULES_TROMP_TAYLOR,
	RULES_CUSTOM
};

struct rules {
	enum rules_id id;
	const char *name; /* canonical name: "japanese", "chinese" ... */
	enum rules_ko ko;
	bool suicide; /* multi-stone suicide legal (single never) */
	enum rules_scoring scoring;
	bool seki_eyes_count; /* eyes of seki groups count (all area rules) */
	enum rules_handicap_bonus hbonus;
	bool long_cycle_void; /* repetition allowed, ends in no result */
	double komi;	      /* default komi for 19x19 even games */
};

/* Fill *r with the preset named `name` (case-insensitive; accepts the
 * RU[] spellings of RULESETS.md section 5, free text such as "Japanese
 * rules", and KataGo's compact "koSIMPLEscoreAREA..." form).  Returns 0,
 * or -1 if the name is not recognised (*r is then Japanese). */
int rules_from_name(struct rules *r, const char *name);
void rules_default(struct rules *r); /* Japanese */
const char *rules_ko_name(enum rules_ko ko);

#endif
