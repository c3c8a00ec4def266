/**
 * Imported first by `npm start`: the service's logger takes its level from the environment when
 * it is created, so the local default (WARN: the banner stays readable) must be set before any
 * service module loads. LOG_LEVEL still overrides it.
 */
process.env.LOG_LEVEL ??= 'WARN';
