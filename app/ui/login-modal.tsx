/**
 * The login and registration modal (seed 001 §2): a native <dialog> 430 px wide (focus stays inside,
 * Escape closes), panels that slide from the father panel (incipit) to its children, a header with back,
 * title and close, and the browser's back button closing the modal first. Loaded on first use only.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { chooseLoginFlow, type LoginMedium } from "../../core/account/last-session.ts";
import { afterLoginModal, backFrom, firstPanel, MODAL_CLOSE_MS, type LoginPanel } from "../../core/account/login-modal.ts";
import { accountMessageIn } from "../../core/account/message-locale.ts";
import { canAttemptLogin, fieldErrors, loginEmailSchema, oneTimeCodeSchema, registrationSchema } from "../../core/account/validation.ts";
import { accountMessages } from "../../core/account/messages.ts";
import { accountTexts } from "../i18n/account.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { Field, SocialButtons } from "./account-form.tsx";
import { useCloseOnBack } from "./modal-history.ts";
import type { LoginRequest } from "./login-modal-host.tsx";
import { CodeForm, RegisterForm } from "./login-modal-forms.tsx";
import { type ApiAnswer, post, readLastSession, rememberLogin } from "./login-requests.ts";
import "./account.css";

export default function LoginModal({
  locale,
  social,
  request,
  onClosed,
  onLoggedIn,
}: {
  locale: Locale;
  social: string[];
  request: LoginRequest;
  onClosed: () => void;
  onLoggedIn: () => void;
}) {
  const t = accountTexts[locale];
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const lastSession = useRef(readLastSession());
  const flow = request.flow ?? chooseLoginFlow({ reason: request.reason, lastSession: lastSession.current });
  const [panel, setPanel] = useState<LoginPanel>(() => firstPanel(flow, lastSession.current?.email ?? null));
  const [email, setEmail] = useState(lastSession.current?.email ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState("");
  const [busy, setBusy] = useState(false);
  const [closing, setClosing] = useState(false);
  const [welcome, setWelcome] = useState<{ modal: "welcome" | "welcomeback"; name: string } | null>(null);

  const close = () => {
    if (closing) return;
    setClosing(true);
    window.setTimeout(() => {
      dialog.current?.close();
      (opener.current as HTMLElement | null)?.focus?.();
      onClosed();
    }, MODAL_CLOSE_MS);
  };

  // Browser back closes the modal first (§2); closing otherwise pops its history entry.
  useCloseOnBack(!closing, close);

  useEffect(() => {
    opener.current = document.activeElement;
    dialog.current?.showModal();
  }, []);

  const go = (next: LoginPanel) => {
    setErrors({});
    setNotice("");
    setPanel(next);
  };

  const loggedIn = (answer: Extract<ApiAnswer, { ok: true }>, medium: LoginMedium, passwordUsed: boolean) => {
    rememberLogin(email, medium, passwordUsed);
    onLoggedIn();
    const next = afterLoginModal(answer.body.isNewAccount ?? false);
    window.setTimeout(() => setWelcome({ modal: next.modal, name: answer.body.user?.displayName ?? "" }), next.delayMs);
  };

  const submit = (handler: (form: FormData) => Promise<void>) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    try {
      await handler(new FormData(e.currentTarget));
    } finally {
      setBusy(false);
    }
  };

  const onEmail = submit(async (form) => {
    const parsed = loginEmailSchema.safeParse(String(form.get("email") ?? ""));
    if (!parsed.success) return setErrors({ email: parsed.error.issues[0]!.message });
    setEmail(parsed.data);
    go("existingAccount");
  });

  const onPassword = submit(async (form) => {
    const password = String(form.get("password") ?? "");
    if (!canAttemptLogin(email, password)) return setErrors({ password: accountMessages.passwordInvalid }); // §5: nothing is sent
    const answer = await post("/portal-srp/api/v1/user/login", { email, password }, accountMessages.loginUnavailable);
    if (!answer.ok) return setErrors({ [answer.field ?? "form"]: answer.message });
    loggedIn(answer, "email", true);
  });

  const sendCode = async () => {
    setBusy(true);
    const answer = await post("/portal-srp/api/v1/user/otp/request", { email }, accountMessages.loginUnavailable);
    setBusy(false);
    if (!answer.ok) return setErrors({ form: answer.message });
    go("otpVerify");
    setNotice(answer.body.msg ?? "");
  };

  const onCode = submit(async (form) => {
    const code = oneTimeCodeSchema.safeParse(String(form.get("code") ?? ""));
    if (!code.success) return setErrors({ code: code.error.issues[0]!.message });
    const answer = await post("/portal-srp/api/v1/user/otp/verify", { email, code: code.data }, accountMessages.loginUnavailable);
    if (!answer.ok) return setErrors({ [answer.field ?? "form"]: answer.message });
    loggedIn(answer, "otp", false);
  });

  const onRegister = submit(async (form) => {
    const body = {
      displayName: String(form.get("displayName") ?? ""),
      email: String(form.get("email") ?? email),
      password: String(form.get("password") ?? ""),
      consent: true,
      type: form.get("marketing") === "on" ? "marketing" : "privacy",
      botCheck: String(form.get("botCheck") ?? ""),
    };
    const parsed = registrationSchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    const answer = await post("/portal-srp/api/v1/user/registration", body, accountMessages.genericError);
    if (!answer.ok) return setErrors({ [answer.field ?? "form"]: answer.message });
    setNotice(answer.body.msg ?? "");
  });

  const onForgot = submit(async () => {
    const answer = await post("/portal-srp/api/v1/user/password/forgot", { email }, accountMessages.genericError);
    if (!answer.ok) return setErrors({ form: answer.message });
    setNotice(answer.body.msg ?? "");
  });

  const back = backFrom(panel);
  const titles: Record<LoginPanel, string> = {
    incipit: t.modalTitle,
    insertEmail: t.modalTitle,
    loginAction: t.modalTitle,
    registerToSave: t.registerTitle,
    existingAccount: t.passwordTitle,
    otpVerify: t.otpTitle,
    register: t.registerTitle,
    getAPassword: t.getAPasswordTitle,
  };
  const reasonText =
    request.reason === "AddFavouriteSearch" ? t.saveReason : request.reason === "SaveAddress" ? t.addressReason : t.modalText;

  return (
    <dialog
      ref={dialog}
      className={`login-modal${closing ? " is-closing" : ""}`}
      aria-labelledby="login-modal-title"
      data-panel={welcome ? welcome.modal : panel}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <header className="login-modal__header">
        {back && !welcome ? (
          <button type="button" className="login-modal__back" aria-label={t.back} onClick={() => go(back)}>
            ‹
          </button>
        ) : (
          <span />
        )}
        <p className="login-modal__logo">
          my<strong>casa</strong>
        </p>
        <button type="button" className="login-modal__close" aria-label={t.close} onClick={close}>
          ×
        </button>
      </header>
      {welcome ? (
        <div className="login-modal__panel" key="welcome">
          <h2 id="login-modal-title">{welcome.modal === "welcome" ? t.welcome(welcome.name) : t.welcomeback(welcome.name)}</h2>
          <p>{t.welcomeText}</p>
          <button type="button" className="account-button" onClick={close} autoFocus>
            {t.close}
          </button>
        </div>
      ) : (
        <div className="login-modal__panel" key={panel}>
          <h2 id="login-modal-title">{titles[panel]}</h2>
          {errors.form && (
            <p className="form-error-summary" role="alert">
              {accountMessageIn(errors.form, locale)}
            </p>
          )}
          {notice && (
            <p className="form-notice" role="status">
              {accountMessageIn(notice, locale)}
            </p>
          )}
          {(panel === "incipit" || panel === "loginAction") && (
            <>
              <p>{panel === "loginAction" ? t.saveReason : reasonText}</p>
              <SocialButtons providers={social} locale={locale} returnTo={`${window.location.pathname}${window.location.search}`} />
              <button type="button" className="account-button" onClick={() => go("insertEmail")} autoFocus>
                {t.continueWithEmail}
              </button>
            </>
          )}
          {panel === "insertEmail" && (
            <form className="account-form" onSubmit={onEmail} noValidate>
              <Field name="email" label={t.email} type="email" autoComplete="email" defaultValue={email} error={errors.email} autoFocus />
              <button type="submit" className="account-button">
                {t.next}
              </button>
            </form>
          )}
          {panel === "existingAccount" && (
            <form className="account-form" onSubmit={onPassword} noValidate>
              <p>{email}</p>
              <Field name="password" label={t.password} type="password" autoComplete="current-password" error={errors.password} autoFocus />
              <button type="submit" className="account-button" disabled={busy}>
                {t.submitLogin}
              </button>
              <button type="button" className="link-button" onClick={sendCode} disabled={busy}>
                {t.codeLogin}
              </button>
              <button type="button" className="link-button" onClick={() => go("getAPassword")}>
                {t.forgotPassword}
              </button>
              <p>
                {t.noAccount}{" "}
                <button type="button" className="link-button" onClick={() => go("register")}>
                  {t.register}
                </button>
              </p>
            </form>
          )}
          {panel === "otpVerify" && <CodeForm error={errors.code} busy={busy} locale={locale} onSubmit={onCode} />}
          {(panel === "register" || panel === "registerToSave") && !notice && (
            <RegisterForm
              toSave={panel === "registerToSave"}
              email={email}
              errors={errors}
              busy={busy}
              locale={locale}
              onSubmit={onRegister}
            />
          )}
          {panel === "getAPassword" && !notice && (
            <form className="account-form" onSubmit={onForgot} noValidate>
              <p>{t.forgotIntro}</p>
              <p>{email}</p>
              <button type="submit" className="account-button" disabled={busy} autoFocus>
                {t.sendLink}
              </button>
            </form>
          )}
          {panel === "incipit" && (
            <p className="login-modal__alt">
              <a href={localizePath("/accedi/", locale)}>{t.loginTitle}</a> ·{" "}
              <a href={localizePath("/registrati/", locale)}>{t.register}</a>
            </p>
          )}
        </div>
      )}
    </dialog>
  );
}
