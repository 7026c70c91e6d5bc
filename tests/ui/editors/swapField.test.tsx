import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import type { EffectDraft } from '../../../src/ui/editors/EffectFields';
import { EffectFields } from '../../../src/ui/editors/EffectFields';

/** The element (in the tree `EffectFields` returns) whose props carry this test id. */
function withTestId(node: unknown, testid: string): VNode<{ onChange(on: boolean): void }> | null {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = withTestId(child, testid);
      if (found) return found;
    }
    return null;
  }
  if (!node || typeof node !== 'object' || !('props' in node)) return null;
  const v = node as VNode<Record<string, unknown>>;
  if (v.props['testid'] === testid) return v as never;
  return withTestId(v.props['children'], testid);
}

const fields = (value: EffectDraft, onChange: (v: EffectDraft) => void) =>
  EffectFields({ name: 'onHit', value, onChange, problems: new Map(), statuses: [] });

describe("the ability editor's swap field (an effect part's `swapPlaces`)", () => {
  it('ticking it writes swapPlaces; unticking leaves no field behind', () => {
    const changes: EffectDraft[] = [];
    withTestId(
      fields({ damage: { tier: 'fray' } }, (v) => changes.push(v)),
      'onHit-swap',
    )!.props.onChange(true);
    expect(changes.at(-1)).toEqual({ damage: { tier: 'fray' }, swapPlaces: true });
    withTestId(
      fields(changes.at(-1)!, (v) => changes.push(v)),
      'onHit-swap',
    )!.props.onChange(false);
    expect(changes.at(-1)).toEqual({ damage: { tier: 'fray' } });
  });

  it('an ability that swaps opens "More" with the box ticked, in words', () => {
    const html = renderToString(fields({ swapPlaces: true }, () => {}));
    expect(html).toMatch(/<details[^>]*open/);
    expect(html).toMatch(/checked[^>]*data-testid="onHit-swap"|data-testid="onHit-swap"[^>]*checked/);
    expect(html).toContain('Swap places: the user and the target trade spaces');
  });
});
