/*
 * json.c - games as JSON documents and back, with cJSON.
 *
 * Schema (one document per game, printed on one line):
 *
 *   {"file": "x.sgf",          name of the input ("-" for stdin)
 *    "game": 1,                1-based index of the game in that input
 *    "charset": "UTF-8",       charset the record was decoded from
 *    "nodes": [                the tree as a flat list, in preorder
 *      {"props": {"FF": ["4"], "SZ": ["19"]}},       node 0: the root
 *      {"parent": 0, "props": {"B": ["pd"]}},        node 1
 *      ...]}
 *
 * - nodes[i].parent is the index of the parent node; the root (node 0)
 *   has none.  A parent always comes before its children, and children
 *   appear in order: the first child of a node is its main line.
 * - props maps each property identifier to its values, in the order of
 *   the record; values are strings as in the SGF after unescaping
 *   (UTF-8, "\]" read as "]", soft line breaks removed).  A node without
 *   properties has "props": {}.
 * - The list is flat so that neither writing nor reading recurses on the
 *   depth of the game tree.
 *
 * Several games are written as JSON Lines (one document per line);
 * sgf_parse_json() reads one document or JSON Lines.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "internal.h"

/* s (len bytes) as a JSON string, escaped as cJSON escapes: '"', '\\'
 * and control bytes; other bytes, UTF-8 included, as they are. */
static void
put_json_string(FILE *out, const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	size_t run = 0;

	putc('"', out);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		const char *e;

		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		fwrite(s + run, 1, i - run, out);
		run = i + 1;
		switch (c) {
		case '"':
			e = "\\\"";
			break;
		case '\\':
			e = "\\\\";
			break;
		case '\b':
			e = "\\b";
			break;
		case '\f':
			e = "\\f";
			break;
		case '\n':
			e = "\\n";
			break;
		case '\r':
			e = "\\r";
			break;
		case '\t':
			e = "\\t";
			break;
		default:
			fputs("\\u00", out);
			putc(hex[c >> 4], out);
			putc(hex[c & 15], out);
			continue;
		}
		fputs(e, out);
	}
	fwrite(s + run, 1, len - run, out);
	putc('"', out);
}

static void
put_json_node(FILE *out, const struct sgf_node *n, long parent)
{
	const struct sgf_prop *p;
	const struct sgf_value *v;

	if (parent >= 0)
		fprintf(out, "{\"parent\":%ld,\"props\":{", parent);
	else
		fputs("{\"props\":{", out);
	for (p = n->props; p; p = p->next) {
		if (p != n->props)
			putc(',', out);
		put_json_string(out, p->id, strlen(p->id));
		fputs(":[", out);
		for (v = p->values; v; v = v->next) {
			if (v != p->values)
				putc(',', out);
			put_json_string(out, v->s, v->len);
		}
		putc(']', out);
	}
	fputs("}}", out);
}

/* Written straight to out, node by node: a DOM of the whole tree cost
 * 2 GB and 10 s for a 5 MB record of 5 million nodes. */
int
sgf_write_json(FILE *out, const struct sgf_game *g)
{
	const struct sgf_node *n = g->root;
	const char *file = g->file ? g->file : "-";
	const char *cs = g->charset ? g->charset : "UTF-8";
	long *stack = NULL, idx = 0;
	size_t sp = 0, cap = 0;
	int r = -1;

	fputs("{\"file\":", out);
	put_json_string(out, file, strlen(file));
	fprintf(out, ",\"game\":%u,\"charset\":", g->index);
	put_json_string(out, cs, strlen(cs));
	fputs(",\"nodes\":[", out);
	/* preorder walk; stack[] holds the indices of the ancestors */
	while (n) {
		if (idx)
			putc(',', out);
		put_json_node(out, n, sp ? stack[sp - 1] : -1);
		if (n->child) {
			if (sp == cap) {
				long *ns;
				cap = cap ? cap * 2 : 256;
				ns = realloc(stack, cap * sizeof(*ns));
				if (!ns) {
					errno = ENOMEM;
					goto out;
				}
				stack = ns;
			}
			stack[sp++] = idx;
			n = n->child;
		} else {
			while (n && !n->next) {
				n = n->parent;
				if (sp)
					sp--;
			}
			if (n)
				n = n->next;
		}
		idx++;
	}
	fputs("]}", out);
	r = ferror(out) ? -1 : 0;
out:
	free(stack);
	return r;
}

/* Check a JSON property name the way the SGF parser checks an
 * identifier: letters only, at least one upper-case, at most
 * SGF_MAX_ID_LEN of them.  Lower-case letters are dropped with a warning
 * (FF[3] long names such as "AddBlack").  Returns false, with an error,
 * for a name that would not survive as SGF: written out, "" or "a]b"
 * would turn into values of the property before it. */
static bool
json_id_ok(struct sgf_game *g, long node, const char *key)
{
	size_t up = 0, low = 0, i;

	for (i = 0; key[i]; i++) {
		unsigned char c = (unsigned char)key[i];
		if (is_upper(c))
			up++;
		else if (is_lower(c))
			low++;
		else
			break;
	}
	if (key[i] || up == 0 || up > SGF_MAX_ID_LEN) {
		sgf_game_diag_at(
		    g, key[i] || up == 0 ? SGF_E_SYNTAX : SGF_E_LIMIT,
		    SGF_ERROR, 0, 0,
		    "JSON node %ld: property name \"%.40s\" is "
		    "not an SGF identifier (%s): dropped",
		    node, key,
		    key[i]    ? "a character that is not a letter"
		    : up == 0 ? "no upper-case letter"
			      : "more than " SGF_MAX_ID_STR " letters");
		return false;
	}
	if (low)
		sgf_game_diag_at(g, SGF_W_LOWERCASE_ID, SGF_WARNING, 0, 0,
				 "JSON node %ld: lower-case letters in "
				 "identifier '%.40s' dropped",
				 node, key);
	return true;
}

/* Add one value, repaired if it is not valid UTF-8 (cJSON passes any
 * bytes through, and the SGF we write says CA[UTF-8]).  Counts the
 * bad sequences in *nbad. */
static struct sgf_prop *
json_add_value(struct sgf_game *g, struct sgf_node *n, struct sgf_prop *p,
	       const char *id, const char *s, size_t *nbad)
{
	size_t len = strlen(s), outlen, bad = 0;
	char *fixed = NULL;
	struct sgf_prop *r;

	if (sgf_utf8_valid((const unsigned char *)s, len) != len) {
		fixed = sgf_charset_to_utf8("UTF-8", s, len, &outlen, &bad);
		if (!fixed)
			return NULL;
		s = fixed;
		len = outlen;
		*nbad += bad;
	}
	if (p)
		r = sgf_prop_add_value(g, p, s, len) ? p : NULL;
	else
		r = sgf_prop_add(g, n, id, s, len);
	free(fixed);
	return r;
}

/* Build one game from a parsed document; problems become diagnostics. */
static struct sgf_game *
game_from_json(const cJSON *doc, const char *file, unsigned index,
	       const struct sgf_limits *lim)
{
	struct sgf_game *g;
	const cJSON *nodes, *jn, *gi;
	struct sgf_node **v = NULL, **last = NULL;
	long i = 0, count;
	size_t nbad = 0;

	gi = cJSON_GetObjectItemCaseSensitive(doc, "game");
	if (cJSON_IsNumber(gi) && gi->valuedouble >= 1 && gi->valuedouble < 4e9)
		index = (unsigned)gi->valuedouble;
	g = sgf_game_new_lim(file, index, lim);
	if (!g)
		return NULL;
	nodes = cJSON_GetObjectItemCaseSensitive(doc, "nodes");
	if (!cJSON_IsArray(nodes)) {
		sgf_game_diag_at(g, SGF_E_FORMAT, SGF_ERROR, 0, 0,
				 "JSON game without a \"nodes\" array");
		return g;
	}
	count = cJSON_GetArraySize(nodes);
	if ((size_t)count > lim->max_nodes) {
		sgf_game_diag_at(g, SGF_E_LIMIT, SGF_ERROR, 0, 0,
				 "more than %zu nodes in one game (limit): "
				 "the rest dropped",
				 lim->max_nodes);
		count = (long)lim->max_nodes;
	}
	v = calloc((size_t)count + 1, sizeof(*v));
	last = calloc((size_t)count + 1, sizeof(*last));
	if (!v || !last) {
		sgf_game_diag_at(g, SGF_E_NOMEM, SGF_ERROR, 0, 0,
				 "out of memory");
		goto out;
	}
	cJSON_ArrayForEach(jn, nodes)
	{
		const cJSON *par =
		    cJSON_GetObjectItemCaseSensitive(jn, "parent");
		const cJSON *props =
		    cJSON_GetObjectItemCaseSensitive(jn, "props");
		const cJSON *jp, *jv;
		struct sgf_node *n, *pn = NULL;
		long pi = -1;
		size_t nprops = 0;

		if (i >= count)
			break;

		if (i > 0) {
			if (!cJSON_IsNumber(par) || par->valuedouble < 0 ||
			    par->valuedouble >= (double)i) {
				sgf_game_diag_at(g, SGF_E_FORMAT, SGF_ERROR, 0,
						 0,
						 "JSON node %ld: \"parent\" "
						 "must name an earlier node",
						 i);
				goto out;
			}
			pi = (long)par->valuedouble;
			pn = v[pi];
		}
		n = sgf_game_alloc(g, sizeof(*n));
		if (!n)
			goto out;
		memset(n, 0, sizeof(*n));
		n->parent = pn;
		if (!pn) {
			g->root = n;
		} else {
			if (last[pi])
				last[pi]->next = n;
			else
				pn->child = n;
			last[pi] = n;
			pn->nchildren++;
		}
		g->nnodes++;
		v[i] = n;
		cJSON_ArrayForEach(jp, props)
		{
			struct sgf_prop *p = NULL;
			if (!jp->string || !cJSON_IsArray(jp)) {
				sgf_game_diag_at(g, SGF_E_FORMAT, SGF_ERROR, 0,
						 0,
						 "JSON node %ld: property "
						 "values must be an array",
						 i);
				continue;
			}
			if (!json_id_ok(g, i, jp->string))
				continue;
			if (++nprops > lim->max_props) {
				sgf_game_diag_at(g, SGF_E_LIMIT, SGF_ERROR, 0,
						 0,
						 "JSON node %ld: more than %zu "
						 "properties (limit): the rest "
						 "dropped",
						 i, lim->max_props);
				break;
			}
			/* cJSON keeps a repeated key; SGF has one property
			 * per identifier and node: merge, as the parser does */
			p = sgf_prop_find(n, jp->string);
			if (p)
				sgf_game_diag_at(g, SGF_W_DUPLICATE_PROP,
						 SGF_WARNING, 0, 0,
						 "JSON node %ld: property '%s' "
						 "repeated: values merged",
						 i, p->id);
			cJSON_ArrayForEach(jv, jp)
			{
				const char *s = cJSON_GetStringValue(jv);
				if (s && strlen(s) > lim->max_value_bytes) {
					sgf_game_diag_at(
					    g, SGF_E_LIMIT, SGF_ERROR, 0, 0,
					    "JSON node %ld: value of '%.40s' "
					    "longer than %zu bytes (limit): "
					    "dropped",
					    i, jp->string,
					    lim->max_value_bytes);
					continue;
				}
				if (s && p && p->nvalues >= lim->max_values) {
					sgf_game_diag_at(
					    g, SGF_E_LIMIT, SGF_ERROR, 0, 0,
					    "JSON node %ld: more than %zu "
					    "values of '%.40s' (limit): the "
					    "rest dropped",
					    i, lim->max_values, jp->string);
					break;
				}
				if (!s) {
					sgf_game_diag_at(
					    g, SGF_E_FORMAT, SGF_ERROR, 0, 0,
					    "JSON node %ld: value of '%.40s' "
					    "is not a string",
					    i, jp->string);
					continue;
				}
				p = json_add_value(g, n, p, jp->string, s,
						   &nbad);
				if (!p) {
					sgf_game_diag_at(g, SGF_E_NOMEM,
							 SGF_ERROR, 0, 0,
							 "out of memory");
					goto out;
				}
			}
			if (!p && cJSON_GetArraySize(jp) == 0)
				sgf_prop_add(g, n, jp->string, "", 0);
		}
		i++;
	}
out:
	if (nbad)
		sgf_game_diag_at(g, SGF_W_BAD_CHARS, SGF_WARNING, 0, 0,
				 "%zu byte sequence%s invalid in UTF-8 "
				 "replaced by U+FFFD",
				 nbad, nbad == 1 ? "" : "s");
	free(v);
	free(last);
	return g;
}

/* JSON escapes "\u0000" in s[from, to): cJSON decodes one to a NUL,
 * which ends its C string and so loses the rest of the value.  Counts
 * them; with patch (a copy of s), rewrites each there as "\ufffd", same
 * length so that positions hold: the SGF parser's U+FFFD for a NUL. */
static size_t
nul_escapes(const char *s, size_t from, size_t to, char *patch)
{
	size_t count = 0;
	const char *p = s + from, *end = s + to;

	while ((p = memmem(p, (size_t)(end - p), "\\u0000", 6)) != NULL) {
		size_t at = (size_t)(p - s), run = 1;
		while (run <= at && s[at - run] == '\\')
			run++;
		if (run % 2) { /* not the second half of "\\" */
			count++;
			if (patch)
				memcpy(patch + at + 2, "fffd", 4);
		}
		p++;
	}
	return count;
}

int
sgf_parse_json(const char *buf, size_t len, const char *file,
	       const struct sgf_limits *lim, struct sgf_game ***games)
{
	struct sgf_game **v = NULL, *g;
	size_t n = 0, cap = 0, pos = 0;
	struct sgf_limits L;
	char *copy = NULL;
	const char *src = buf;
	/* line and column of src[lc_at], for positions of syntax errors */
	size_t lc_at = 0;
	uint32_t line = 1, col = 1;

	sgf_limits_fill(&L, lim);

	*games = NULL;
	if (nul_escapes(buf, 0, len, NULL)) {
		copy = malloc(len);
		if (!copy)
			return -1;
		memcpy(copy, buf, len);
		nul_escapes(buf, 0, len, copy);
		src = copy;
	}
	for (;;) {
		const char *end = NULL;
		cJSON *doc;
		size_t nul;

		while (pos < len && (src[pos] == ' ' || src[pos] == '\n' ||
				     src[pos] == '\r' || src[pos] == '\t'))
			pos++;
		if (pos >= len)
			break;
		doc = cJSON_ParseWithLengthOpts(src + pos, len - pos, &end, 0);
		if (n == cap) {
			struct sgf_game **nv;
			cap = cap ? cap * 2 : 8;
			nv = realloc(v, cap * sizeof(*nv));
			if (!nv) {
				cJSON_Delete(doc);
				goto fail;
			}
			v = nv;
		}
		if (!doc) {
			/* say so in a game of its own, at the byte where
			 * cJSON gave up, and go on at the next line that
			 * starts with '{' (the next line of JSON Lines, not
			 * a line inside a document printed with an indent) */
			size_t at = end && end >= src + pos && end <= src + len
					? (size_t)(end - src)
					: pos;
			const char *nl = src + pos;
			while (
			    (nl = memchr(nl, '\n', len - (size_t)(nl - src))) &&
			    (nl + 1 >= src + len || nl[1] != '{'))
				nl++;
			if (at < lc_at) /* back, after a resync */
				lc_at = 0, line = 1, col = 1;
			for (; lc_at < at; lc_at++)
				if (src[lc_at] == '\n')
					line++, col = 1;
				else
					col++;
			g = sgf_game_new_lim(file, (unsigned)n + 1, &L);
			if (!g)
				goto fail;
			sgf_game_diag_at(g, SGF_E_FORMAT, SGF_ERROR, line, col,
					 "not a JSON game document: %s",
					 at + 1 >= len ? "unterminated"
						       : "syntax error");
			pos = nl ? (size_t)(nl - src) + 1 : len;
		} else {
			g = game_from_json(doc, file, (unsigned)n + 1, &L);
			cJSON_Delete(doc);
			if (!g)
				goto fail;
			end = end ? end : src + len;
			nul = copy ? nul_escapes(buf, pos, (size_t)(end - src),
						 NULL)
				   : 0;
			if (nul)
				sgf_game_diag_at(g, SGF_W_BAD_CHARS,
						 SGF_WARNING, 0, 0,
						 "%zu \"\\u0000\" in strings "
						 "read as U+FFFD",
						 nul);
			pos = (size_t)(end - src);
		}
		v[n++] = g;
	}
	free(copy);
	*games = v;
	return (int)n;
fail:
	while (n)
		sgf_game_free(v[--n]);
	free(v);
	free(copy);
	return -1;
}
