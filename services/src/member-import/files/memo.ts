/*
 * A bounded memory of a text function's answers (import, issue 29): a register's cells repeat (dates, amounts,
 * quantities, types), so a million rows read each distinct text once. Stops remembering at `max` texts.
 */
export function memo<T>(fn: (text: string) => T, max = 1 << 16): (text: string) => T {
  const seen = new Map<string, T>();
  return (text: string): T => {
    const known = seen.get(text);
    if (known !== undefined || seen.has(text)) return known as T;
    const answer = fn(text);
    if (seen.size < max) seen.set(text, answer);
    return answer;
  };
}
