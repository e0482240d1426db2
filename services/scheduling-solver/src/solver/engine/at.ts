/**
 * `list[i]` for a read whose index the caller's invariants keep in range (noUncheckedIndexedAccess):
 * throws instead of handing on `undefined` when they are broken. Hot loops over typed arrays use a
 * non-null assertion instead (no run-time cost).
 */
export function at<T>(list: ArrayLike<T>, i: number): T {
  const v = list[i];
  if (v === undefined) throw new RangeError(`index ${i} outside a list of ${list.length}`);
  return v;
}
