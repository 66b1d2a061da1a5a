import { ContribApi } from './contrib-api.ts';
import { KitApi, type ApiUser } from './kit-api.ts';

/**
 * A journey's kit with moderation on: the admin's API, an owner ('autora') and
 * a neighbour ('vecino') with complete profiles. `close` puts the moderation
 * setting back as other journeys left it and closes what was opened.
 */
export interface ModeratedKit {
  kit: KitApi;
  admin: ContribApi;
  owner: ApiUser;
  neighbour: ApiUser;
  close(): Promise<void>;
}

export async function openModeratedKit(): Promise<ModeratedKit> {
  const kit = await KitApi.open();
  const admin = await ContribApi.as(await kit.adminToken());
  const moderationBefore = await admin.moderation();
  if (!moderationBefore) await admin.setModeration(true);
  const owner = await kit.createUser('autora', { completeProfile: true });
  const neighbour = await kit.createUser('vecino', { completeProfile: true });
  return {
    kit,
    admin,
    owner,
    neighbour,
    async close() {
      if (!moderationBefore) await admin.setModeration(false);
      await admin.close();
      await kit.close();
    },
  };
}
