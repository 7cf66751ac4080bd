/** POST /api/v2/CurrentPatient/Nutritionist/ChangeNutritionist: the one change allowed, at steps 1-2 (204). */
import { api } from '../../../api/client';

export const changeNutritionist = async (nutritionistId: string): Promise<void> => {
  await api.post('/CurrentPatient/Nutritionist/ChangeNutritionist', { NutritionistId: nutritionistId });
};
