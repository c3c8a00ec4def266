import { createRawHandler, noDeps } from '#shared/surfaces/api/http-handler';
import { DISCOVERY_ROUTES } from '#shared/surfaces/api/routes/discovery';
import { skillsIndexDocument } from '#shared/surfaces/discovery/operations';

export const handler = createRawHandler(DISCOVERY_ROUTES.agent_skills, skillsIndexDocument, noDeps);
