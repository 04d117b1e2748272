/**
 * The §7 `user` field every MyCasa body may carry (the client's user object, an id or an e-mail), and the
 * one rule for it: a body naming someone other than the logged-in user is refused (403) before anything
 * else in it is looked at.
 */
import { z } from "zod";

export const userRef = z.union([
  z.number(),
  z.string().max(320),
  z.looseObject({ id: z.union([z.number(), z.string().max(40)]).optional(), username: z.string().max(320).optional() }),
  z.null(),
]);
export const userFieldSchema = userRef.optional();
export type UserRef = z.infer<typeof userRef>;

/** True when the body's `user` names someone other than the logged-in user. */
export function namesOtherUser(ref: UserRef | undefined, user: { id: number; email: string }): boolean {
  if (ref === undefined || ref === null || ref === "") return false;
  const sameId = (id: number | string) => String(id) === String(user.id);
  const sameEmail = (email: string) => email.toLowerCase() === user.email.toLowerCase();
  if (typeof ref === "number") return !sameId(ref);
  if (typeof ref === "string") return ref.includes("@") ? !sameEmail(ref) : !sameId(ref);
  if (ref.id !== undefined && !sameId(ref.id)) return true;
  return ref.username !== undefined && !sameEmail(ref.username);
}
