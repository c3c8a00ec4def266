/** One structured JSON logger per process (CloudWatch on AWS, stdout locally). */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({
  serviceName: 'agent-readiness-api',
  logLevel: (process.env.LOG_LEVEL ?? 'INFO') as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT',
});
