import { el } from '../dom';
import type { AttackResultView, ResultLine } from './resultView';

/** Test ids the verdict block shows in large type; the trace below keeps every other line. */
const VERDICT_IDS = new Set(['result-outcome', 'result-total']);

/** The verdict words as the rulebook's attack results (Attacks: hit, miss, critical hit). */
const VERDICT_WORD: Record<AttackResultView['result'], string> = {
  hit: 'HIT',
  miss: 'MISS',
  critical: 'CRITICAL',
};

/**
 * The roll trace below the verdict: the verdict word is dropped (it is above), the total stays
 * so the sum reads through, without its test id (the verdict block holds that one).
 */
export function traceLines(roll: readonly ResultLine[]): ResultLine[] {
  return roll
    .filter((l) => l.testid !== 'result-outcome')
    .map((l) => (l.testid && VERDICT_IDS.has(l.testid) ? { label: l.label, value: l.value } : l));
}

/** The total line's value ("17 vs Defense 10"), as the trace would have shown it. */
function totalOf(roll: readonly ResultLine[]): string {
  return roll.find((l) => l.testid === 'result-total')?.value ?? '';
}

/**
 * What a GM reads at a glance, above the trace: HIT / MISS / CRITICAL in large type, the total
 * against Defense, and each character's damage taken ("Brute −6 HP"). The test ids
 * `result-outcome` and `result-total` live here (once in the panel), with the same text as before.
 */
export function verdictBlock(view: AttackResultView, taken: readonly string[]): HTMLElement {
  const word = el(
    'div',
    { class: 'verdict-word', 'data-testid': 'result-outcome' },
    VERDICT_WORD[view.result],
  );
  const total = el('div', { class: 'verdict-total', 'data-testid': 'result-total' }, totalOf(view.roll));
  const box = el(
    'div',
    { class: `verdict ${view.result}`, 'data-verdict': view.result },
    el('div', { class: 'verdict-head' }, word, total),
  );
  for (const line of taken) box.append(el('div', { class: 'verdict-taken' }, line));
  return box;
}

/** A roll without an attack (an area with no attack roll, an effect): its summary in large type. */
export function plainVerdictBlock(summary: HTMLElement, taken: readonly string[]): HTMLElement {
  summary.classList.add('verdict-plain');
  const box = el('div', { class: 'verdict plain' }, summary);
  for (const line of taken) box.append(el('div', { class: 'verdict-taken' }, line));
  return box;
}
