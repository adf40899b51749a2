/**
 * No raw control character reaches a terminal: C0 and C1 controls (and DEL,
 * and the line and paragraph separators) are written as escapes.
 */

/** For text and CSV cells: controls become `\xNN` / `\uNNNN`. */
export function escapeControls(text: string): string {
  if (!controls.test(text)) return text;
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isControl(code)) continue;
    out += text.slice(from, i) + (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`);
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** JSON that holds no raw control character (JSON.stringify leaves DEL, C1 and U+2028/9 raw). */
export function safeJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (!rawInJson.test(json)) return json;
  let out = '';
  let from = 0;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    if (!isControl(code)) continue;
    out += `${json.slice(from, i)}\\u${code.toString(16).padStart(4, '0')}`;
    from = i + 1;
  }
  return from === 0 ? json : out + json.slice(from);
}

/** Any character `isControl` accepts (one native test before the loop). */
// eslint-disable-next-line no-control-regex
const controls = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** What JSON.stringify leaves raw: DEL, C1 controls, U+2028 and U+2029. */
const rawInJson = /[\u007f-\u009f\u2028\u2029]/;

function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}
