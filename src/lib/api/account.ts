// The sign-in, profile and account-link calls (/api/auth/*, /api/profile/*, /api/invite/*): each request
// body and answer, declared once for the server, the browser client and the tests.

// Requests. The server's zod schemas (src/server/auth/schemas.ts, users/profile-schema.ts) must accept
// exactly these shapes: src/server/http/api-contract.ts fails the type check when they drift apart.

export interface LoginBody {
  login: string;
  password: string;
}

/** Name and phone only (the e-mail changes through change_email); at least one of the two. */
export interface ProfileUpdateBody {
  user_name?: string;
  phone?: string;
}

/** The two new-password fields; the password rule is checked by the server after parsing. */
export interface NewPasswordFields {
  password1: string;
  password2: string;
}

export interface ChangePasswordBody extends NewPasswordFields {
  current_password: string;
}

/** The first password of an invitation, or a new one from a reset link: the link's key and the password. */
export interface KeyedPasswordBody extends NewPasswordFields {
  key: string;
}

export interface ChangeEmailBody {
  email: string;
  current_password: string;
}

export interface EmailBody {
  email: string;
}

export interface KeyBody {
  key: string;
}

/** Calls that take no fields (sign out). */
export type EmptyBody = Record<string, never>;

// Answers.

/** GET /api/auth/status, login and logout: whether this browser is signed in, and an unconfirmed e-mail. */
export interface AuthStatus {
  isauth: boolean;
  new_email: string | null;
}

/** The sentence to show after a password or e-mail flow. */
export interface MessageAnswer {
  message: string;
}

/** POST /api/profile/change_email: the address a confirmation link was sent to. */
export interface NewEmailAnswer {
  new_email: string;
}

/** POST /api/profile/change_email/confirm: the confirmed address. */
export interface EmailConfirmedAnswer extends MessageAnswer {
  email: string;
}

/** The profile object (GET /api/profile/get, POST /api/profile/update). */
export interface ProfileAnswer {
  user_name: string;
  email: string;
  phone: string;
  new_email: string | null;
  show_title: boolean;
  only_inhouse_channels: boolean;
  show_analytics: boolean;
  dashboard: 'analytics' | null;
}

/** A manager row (GET /api/profile/users). */
export interface ManagerAnswer {
  user_id: number;
  is_active: boolean;
  user_name: string;
  email: string;
  phone: string;
}
