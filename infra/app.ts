import { App } from 'aws-cdk-lib';
import { buildApp } from './build-app.ts';

/**
 * CDK CLI entry (cdk.json "app"). Deploy with e.g.
 * `npx cdk deploy --all -c stage=prod -c adminEmails=ops@example.com`; see docs/deploy.md.
 */
const app = new App();
buildApp(app);
app.synth();
