// Values the input probes send where a real one would change something.

/** An address no account has, so probes that pass validation change no grant, terms or account. */
export const UNKNOWN_EMAIL = 'nobody-fuzz@example.invalid';
