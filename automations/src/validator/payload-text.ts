/** A created contract's text field, or '' when the payload holds something else there. */
export const payloadText = (value: unknown): string => (typeof value === 'string' ? value : '');
