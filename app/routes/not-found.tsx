import { data } from "react-router";

/** Every unknown path: a real 404 (robots "all", seed 000 §2), rendered by the root error boundary. */
export function loader() {
  throw data("pagina non trovata", { status: 404 });
}

export function meta() {
  return [{ title: "Pagina non trovata" }, { name: "robots", content: "all" }];
}

export default function NotFound() {
  return null;
}
