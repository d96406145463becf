/**
 * Names that would pass for the Plates team. Both sides use the same rules: the browser checks a
 * sign-up with them as typed; the server checks again through Unicode's confusables table (UTS #39
 * skeletons, so "Аdmin" with a Cyrillic А is caught too) and against the admins' own names.
 */

/** Names no member may register or display, in any case or look-alike spelling. */
export const RESERVED_NAMES = ['admin', 'administrator', 'moderator', 'plates', 'support', 'root'] as const;

/** Words that claim a staff role wherever they stand in a name: "Admin Team", "chef_mod", "SupportTeam". */
export const STAFF_WORDS = ['admin', 'administrator', 'moderator', 'mod', 'support', 'staff'] as const;

/** Staff words also refused at the start or end of a longer word ("AdminChef"); the short ones hide in ordinary words ("modern"). */
const STAFF_STEMS = ['admin', 'administrator', 'moderator'] as const;

/** Words that, beside "Plates", make a name read as the service's own account: "Plates Team", "Official Plates". */
export const TEAM_WORDS = ['team', 'official', 'crew', 'hq', 'help', 'helpdesk', 'service', 'news', 'verified'] as const;

/**
 * Symbols that mimic the verified tick and the admin shield shown beside names: check marks
 * (✓ ✔ ✅ ☑ 🗸 🗹 √ 𐄂 🮱), shields (🛡 ⛨) and the rosette (🏵), with any variation selector, joiner or
 * combining mark left on them.
 */
const BADGES = /[\u2713\u2714\u2705\u2611\u{1F5F8}\u{1F5F9}\u221A\u{10102}\u{1FBB1}\u{1F6E1}\u26E8\u{1F3F5}][\p{M}\u200D]*/gu;
/** Direction overrides and isolates: they can show "nimdA" as "Admin". */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/gu;

/**
 * A display name as it is stored: without badge-like symbols and direction controls, variation
 * selectors left alone removed, whitespace collapsed and trimmed. May answer '' (nothing but badges).
 */
export function stripBadges(name: string): string {
  return name
    .replace(BADGES, '')
    .replace(BIDI_CONTROLS, '')
    .replace(/(^|\s)[\uFE0E\uFE0F]+/gu, '$1')
    .replace(/\s+/gu, ' ')
    .trim();
}

export type Skeleton = (text: string) => string;
const asTyped: Skeleton = (text) => text;

/**
 * One name folded so that look-alikes meet: compatibility forms (ｆｕｌｌｗｉｄｔｈ, 𝐛𝐨𝐥𝐝) and `skeleton`
 * first, then any case, accents dropped, and the confusable pairs among plain letters and digits
 * made one (I, i, l and 1; O and 0; m and rn).
 */
function fold(text: string, skeleton: Skeleton): string {
  const once = skeleton(text.normalize('NFKC')).toLowerCase();
  return skeleton(once)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[i1]/g, 'l')
    .replace(/0/g, 'o')
    .replace(/m/g, 'rn');
}

const folded = (words: readonly string[]) => new Set(words.map((w) => fold(w, asTyped)));
const RESERVED = folded(RESERVED_NAMES);
const STAFF = folded(STAFF_WORDS);
const STEMS = [...folded(STAFF_STEMS)];
const TEAM = folded(TEAM_WORDS);
const PLATES = fold('plates', asTyped);
const VOCABULARY = [...new Set([...STAFF, ...TEAM, PLATES])];

/** Folded words of a name: separators split them, invisible characters do not, "A d m i n" is one. */
function wordsOf(name: string, skeleton: Skeleton): string[] {
  const text = name
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '') // zero-width and other invisible characters
    .replace(/(\p{L})\p{Nd}+(?=[^\p{L}\p{N}]|$)/gu, '$1'); // digits ending a word: "Admin2024"
  const tokens = fold(text, skeleton)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const words: string[] = [];
  let run = '';
  for (const token of [...tokens, '']) {
    // a name spelled out letter by letter ("m" folds to "rn", hence two)
    if (token && token.length <= 2) {
      run += token;
      continue;
    }
    for (const word of [run, token]) if (word) words.push(...(splitIntoVocabulary(word) ?? [word]));
    run = '';
  }
  return words;
}

/** "adminteam" as ["admin", "team"] when the word is made of staff and team words only (a plural "s" may end it). */
function splitIntoVocabulary(word: string): string[] | undefined {
  if (word === '' || word === 's') return [];
  for (const known of VOCABULARY) {
    if (!word.startsWith(known)) continue;
    const rest = splitIntoVocabulary(word.slice(known.length));
    if (rest) return [known, ...rest];
  }
  return undefined;
}

function isStaffWord(word: string): boolean {
  const bare = word.replace(/s$/, '');
  return STAFF.has(word) || STAFF.has(bare) || STEMS.some((stem) => bare.startsWith(stem) || word.endsWith(stem));
}

/**
 * Whether a username or display name would pass for the team: it is (a look-alike of) a reserved
 * name or of one of `protectedNames` (the admins' names), it holds a staff word, or it puts
 * "Plates" beside a team word. `skeleton` maps characters to their UTS #39 prototypes (the
 * server passes Unicode's table; without it the name is compared as typed).
 */
export function looksLikeStaff(
  name: string,
  options: { skeleton?: Skeleton; protectedNames?: readonly string[] } = {},
): boolean {
  const skeleton = options.skeleton ?? asTyped;
  const words = wordsOf(name, skeleton);
  const whole = words.join('');
  if (!whole) return false;
  if (RESERVED.has(whole)) return true;
  if ((options.protectedNames ?? []).some((p) => wordsOf(p, skeleton).join('') === whole)) return true;
  if (words.some(isStaffWord)) return true;
  return words.includes(PLATES) && words.some((w) => TEAM.has(w));
}
