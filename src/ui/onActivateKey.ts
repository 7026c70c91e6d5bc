/** Enter or Space on a focused row acts like a click (rows that pick something are not buttons). */
export function onActivateKey(act: () => void) {
  return (e: KeyboardEvent): void => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    act();
  };
}
