/** A list answer may be the list itself or `{ <field>: [...] }` (docs/product/api.md). */
export function listOf<T>(answer: unknown, field: string): T[] {
  if (Array.isArray(answer)) return answer as T[];
  if (answer && typeof answer === 'object' && Array.isArray((answer as Record<string, unknown>)[field])) {
    return (answer as Record<string, T[]>)[field]!;
  }
  return [];
}
