/** A NUL, or a UTF-16 surrogate without its other half. */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * Whether PostgreSQL can keep the text: it refuses a NUL in any text, and a lone surrogate
 * cannot be written as UTF-8 (jsonb refuses it, text turns it into another character). Neither
 * can be typed in a form; both arrive from a careless or hostile client.
 */
export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text)

/** The text with whatever PostgreSQL cannot keep replaced by U+FFFD, for records that must be written. */
export const storableText = (text: string): string =>
  isStorableText(text) ? text : text.replace(new RegExp(UNSTORABLE, 'g'), '\ufffd')
