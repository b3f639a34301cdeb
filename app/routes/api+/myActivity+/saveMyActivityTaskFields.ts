import { apiInputs, saveTaskAnswers } from '@modules/activities/index.server';
import { saveTaskFieldsBody } from '@modules/activities/schemas';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/myActivity/saveMyActivityTaskFields {myActivityId, myActivityTaskId, myActivityTaskFields}:
 * each listed field's value (and options' isSelected) checked against its type, all saved or none;
 * answers the saved my activity. Another user's activity is a 404.
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: saveTaskFieldsBody,
  handler: async ({ body, auth }) => {
    const fields = await apiInputs(getDb(), body.myActivityTaskId, body.myActivityTaskFields);
    return saveTaskAnswers(getDb(), auth.user.userId, { myActivityId: body.myActivityId, myActivityTaskId: body.myActivityTaskId, fields });
  },
});
