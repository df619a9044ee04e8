/**
 * What a few requests need and most processes never do (a library of hundreds of modules, an
 * estimator and its word lists): made by the first call, and the same promise handed to every call
 * after it. Starting the service, a CLI command or a test file then pays nothing for it.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined
  return () => (loaded ??= load())
}
