/**
 * The unit reader's two answers besides what it read, named so that a
 * caller says which it means:
 *
 * - {@link notModelled}: what the reader met is something it does not read
 *   exactly as remark does; the whole unit is handed to remark;
 * - {@link absent}: the construct asked for does not start here (something
 *   else may: the caller tries the next).
 *
 * ```ts
 * const marker = listMarker(text, line, indent);
 * if (marker === notModelled) return notModelled;   // an empty item
 * if (marker !== absent) return this.readList(…);    // a list item
 * ```
 */
export const notModelled = Symbol('not modelled');
export type NotModelled = typeof notModelled;

export const absent = Symbol('absent');
export type Absent = typeof absent;
