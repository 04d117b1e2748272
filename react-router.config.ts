import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // CASA_BUILD_DIR lets parallel workers (or a second checkout's tests) build without clobbering build/.
  buildDirectory: process.env.CASA_BUILD_DIR ?? "build",
} satisfies Config;
