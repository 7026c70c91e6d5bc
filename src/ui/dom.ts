/** Tiny DOM builder: el('button', { class: 'primary', 'data-testid': 'x' }, 'Label'). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | undefined> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) node.append(c);
  return node;
}

/** Replace all children of `node`. */
export function setChildren(node: Element, ...children: Array<Node | string>): void {
  node.replaceChildren(...children);
}
