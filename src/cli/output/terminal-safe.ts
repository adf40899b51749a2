/**
 * No character that can take over or mislead a terminal reaches one raw: the
 * escapes are the records layer's (`src/records/visible-text.ts`), which the
 * reports share.
 */
export { escapeControls, hasUnsafe, isPlainText, isUnsafe, safeJson, safeJsonText } from '../../records/visible-text.js';
