/**
 * A refusal of an account command the user can act on: its HTTP status, the Italian message and, for forms,
 * the field. The API boundary (app/api/boundary.server.ts) and the account forms (app/account/form.server.ts)
 * map it; commands only throw it.
 */
export class AccountError extends Error {
  override name = "AccountError";
  readonly status: number;
  readonly field?: string;
  constructor(status: number, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}
