/** The header's account corner: 'Accedi' for visitors; MyCasa, the user's name and 'Esci' (a form, no JavaScript needed). */
import { localizePath, type Locale } from "../i18n/locale.ts";
import { siteTexts } from "../i18n/site.ts";

export function SiteUser({ locale, user }: { locale: Locale; user: { name: string } | null }) {
  const t = siteTexts[locale];
  if (!user) {
    return (
      <div className="site-user">
        <a href={localizePath("/accedi/", locale)} data-login-link="">
          {t.login}
        </a>
      </div>
    );
  }
  return (
    <div className="site-user">
      <a href={localizePath("/mycasa/", locale)} data-testid="site-user-mycasa">
        MyCasa
      </a>
      <a className="site-user__name" href={localizePath("/account/", locale)} aria-label={`${t.myAccount}: ${user.name}`}>
        <span data-testid="site-user-name">{user.name}</span>
      </a>
      <form method="post" action="/logout">
        <button type="submit" className="link-button">
          {t.logout}
        </button>
      </form>
    </div>
  );
}
