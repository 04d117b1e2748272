/** The account mails in Italian, each as HTML (a React component rendered to static markup) and text. */
import type { ReactNode } from "react";
import { MailFrame, mailHtml } from "../mail/frame.tsx";
import type { MailContent } from "../mail/mailer.ts";

const ACCOUNT_FOOTER = "Hai ricevuto questa email perché è stata usata sul nostro portale. Se non sei stato tu, ignorala.";

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <MailFrame title={title} footer={ACCOUNT_FOOTER}>
      {children}
    </MailFrame>
  );
}

const html = mailHtml;

export const CODE_TTL_MINUTES = 10;
export const VERIFY_TTL_HOURS = 48;
export const RESET_TTL_MINUTES = 60;

export function verificationMail(name: string, link: string): MailContent {
  const subject = "Conferma il tuo indirizzo email";
  return {
    subject,
    text: `Ciao ${name},\n\ngrazie per esserti registrato. Conferma il tuo indirizzo email aprendo questo link entro ${VERIFY_TTL_HOURS} ore:\n\n${link}\n\nSe non hai creato tu l'account, apri il link e scegli 'Non ho creato io questo account': la password scelta da chi si è registrato non varrà più.\n`,
    html: html(
      <Frame title={subject}>
        <p>Ciao {name},</p>
        <p>grazie per esserti registrato. Conferma il tuo indirizzo email entro {VERIFY_TTL_HOURS} ore:</p>
        <p>
          <a href={link} style={{ background: "#0b6e4f", color: "#fff", padding: "10px 16px", borderRadius: 6, textDecoration: "none" }}>
            Conferma l'indirizzo email
          </a>
        </p>
        <p>Oppure copia questo link nel browser: {link}</p>
        <p>
          Se non hai creato tu l'account, apri il link e scegli 'Non ho creato io questo account': la password scelta da chi si è registrato
          non varrà più.
        </p>
      </Frame>,
    ),
  };
}

/** Sent on a registration with an e-mail that already has an account: the page answers the same. */
export function alreadyRegisteredMail(name: string, loginLink: string, resetLink: string): MailContent {
  const subject = "Hai già un account";
  return {
    subject,
    text: `Ciao ${name},\n\nqualcuno (forse tu) ha provato a registrarsi con questo indirizzo email, che ha già un account.\nAccedi: ${loginLink}\nHai dimenticato la password? ${resetLink}\n`,
    html: html(
      <Frame title={subject}>
        <p>Ciao {name},</p>
        <p>qualcuno (forse tu) ha provato a registrarsi con questo indirizzo email, che ha già un account.</p>
        <p>
          <a href={loginLink}>Accedi</a> · <a href={resetLink}>Hai dimenticato la password?</a>
        </p>
      </Frame>,
    ),
  };
}

export function oneTimeCodeMail(name: string, code: string): MailContent {
  const subject = `Il tuo codice di accesso: ${code}`;
  return {
    subject,
    text: `Ciao ${name},\n\nil tuo codice di accesso è ${code}. Vale ${CODE_TTL_MINUTES} minuti e si può usare una sola volta.\nNon condividerlo con nessuno.\n`,
    html: html(
      <Frame title={subject}>
        <p>Ciao {name},</p>
        <p>il tuo codice di accesso è</p>
        <p style={{ fontSize: 28, letterSpacing: 6, fontWeight: 700 }}>{code}</p>
        <p>Vale {CODE_TTL_MINUTES} minuti e si può usare una sola volta. Non condividerlo con nessuno.</p>
      </Frame>,
    ),
  };
}

export function passwordResetMail(name: string, link: string): MailContent {
  const subject = "Reimposta la password";
  return {
    subject,
    text: `Ciao ${name},\n\nper scegliere una nuova password apri questo link entro ${RESET_TTL_MINUTES} minuti:\n\n${link}\n\nDopo il cambio verrai disconnesso da tutti i dispositivi. Se non l'hai chiesto tu, ignora questa email.\n`,
    html: html(
      <Frame title={subject}>
        <p>Ciao {name},</p>
        <p>per scegliere una nuova password apri questo link entro {RESET_TTL_MINUTES} minuti:</p>
        <p>
          <a href={link} style={{ background: "#0b6e4f", color: "#fff", padding: "10px 16px", borderRadius: 6, textDecoration: "none" }}>
            Scegli una nuova password
          </a>
        </p>
        <p>Oppure copia questo link nel browser: {link}</p>
        <p>Dopo il cambio verrai disconnesso da tutti i dispositivi.</p>
      </Frame>,
    ),
  };
}

/**
 * Asked from /mycasa/ricerche/ when alert mail to the address is stopped (decision 118): a plain mail through the
 * queue; when the server takes it, the address's refusals are forgotten and alert mail resumes.
 */
export function mailCheckMail(name: string): MailContent {
  const subject = "Verifica del tuo indirizzo email";
  const body =
    "hai chiesto di provare di nuovo il tuo indirizzo email. Il server di posta ha accettato questa email: riprendiamo a inviarti gli avvisi delle ricerche salvate.";
  return {
    subject,
    text: `Ciao ${name},\n\n${body}\n`,
    html: html(
      <Frame title={subject}>
        <p>Ciao {name},</p>
        <p>{body}</p>
      </Frame>,
    ),
  };
}
