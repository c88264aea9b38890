// Issue #42's typo corrections against a state's words, part of `npm run bench -- scale`: the
// generated county has a few hundred words, a state hundreds of thousands (migration 029 counts every
// parcel's). A correction is a pass over them on the API's event loop, so its time is what every other
// request waits. Words of English letter frequencies, as a county's share most of their letters; typos
// typed whole ("stveen") and as the box sends them while the word is typed ("margg").
import { analyseSearchText } from '../api-server/src/features/parcels/search/searchText.ts';
import { correctTypos, createVocabulary, type LastWord } from '../api-server/src/features/parcels/search/typos.ts';
import { atMost, type BenchRow } from './lib/report.ts';
import { summarize } from './lib/stats.ts';

const WORDS = 500_000;
const TYPOS = 60;
/** The event loop held by one correction at most: a fifth of a typed search's p99 budget, which other users' requests wait. */
const BUDGET_MAX_MS = 20;
const LETTERS = 'eeeeeeeeeeeetttttttttaaaaaaaaooooooooiiiiiiinnnnnnnssssssrrrrrrhhhhhhdddduuullllcccmmmffyywggppbbvkxqjz';

export function benchTypoCorrections(): BenchRow[] {
  let seed = 11;
  const random = (below: number) => {
    seed = (seed * 16_807) % 2_147_483_647;
    return seed % below;
  };
  const words = new Set<string>();
  while (words.size < WORDS) words.add(Array.from({ length: 4 + random(9) }, () => LETTERS[random(LETTERS.length)]).join(''));
  const list = [...words];
  const vocabulary = createVocabulary(list.map((word) => ({ word, uses: 1 + random(100) })));
  /** A letter of the word (or of its start, while it is typed) replaced by one few words hold. */
  const typo = (lastWord: LastWord) => {
    const word = list[random(list.length)]!;
    const typed = lastWord === 'whole' ? word : word.slice(0, 3 + random(word.length - 2));
    const at = random(typed.length);
    return typed.slice(0, at) + 'xqj'[random(3)] + typed.slice(at + 1);
  };
  return (['whole', 'begun'] as const).map((lastWord) => {
    // Once untimed: the API corrects many, and the first one's time is compiling the walk.
    correctTypos(analyseSearchText(`reid ${typo(lastWord)}`), vocabulary, lastWord);
    const ms: number[] = [];
    for (let n = 0; n < TYPOS; n++) {
      const text = analyseSearchText(`reid ${typo(lastWord)}`);
      const started = performance.now();
      correctTypos(text, vocabulary, lastWord);
      ms.push(performance.now() - started);
    }
    const { p50, max } = summarize(ms);
    return atMost('scale', `typo correction against ${WORDS.toLocaleString('en-US')} words, last word ${lastWord}, max`, max, 'ms', BUDGET_MAX_MS, `${TYPOS} typos after one untimed; p50 ${p50} ms`);
  });
}
