/** Imported first by benchmarks: the service's logger reads its level when it is created. */
process.env.LOG_LEVEL ??= 'SILENT';
