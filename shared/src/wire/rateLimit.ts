// What the API answers (429, with Retry-After) to a client that asks faster than a person could:
// the front ends show the message as they show any API error (SPEC §8 'Other non-OK answer').

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Wait a moment and try again.';
