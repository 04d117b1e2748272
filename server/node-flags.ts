/**
 * V8 flags of every worker. A results page allocates a few MB (React's render, the loader data's
 * encoding, the compressed body); with V8's default young generation that is a scavenge every few
 * pages, and GC took a large share of a worker's CPU. 32 MB semi-spaces collect less often for at most
 * ~64 MB more memory per worker; what they gain is measured in docs/BENCHMARKS.md (docs/decisions/072).
 */
export const WORKER_NODE_FLAGS = ["--max-semi-space-size=32"];
