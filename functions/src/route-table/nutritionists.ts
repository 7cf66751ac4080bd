/** The nutritionists area's routes, all its Lambda reads at start (the whole table: functions/src/routes.ts). */
import { api, type RestRoute } from './types';

export const nutritionistsRestRoutes = [
  // Nutritionists as the public sees them, reviews, and their administration.
  {
    method: 'GET',
    path: api('Nutritionists/Public'),
    area: 'nutritionists',
    operation: 'listPublicNutritionists',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('Nutritionists/Public/{userId}'),
    area: 'nutritionists',
    operation: 'getPublicNutritionist',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('Nutritionists/Public/FriendlyUrl/{friendlyUrl}'),
    area: 'nutritionists',
    operation: 'getPublicNutritionistByFriendlyUrl',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('SGP/UserTags/User/{userId}'),
    area: 'nutritionists',
    operation: 'getUserSkills',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('UserManagementExtensions/Users/PublicProfile/{userId}'),
    area: 'nutritionists',
    operation: 'getPublicProfile',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('Reviews/Featured'),
    area: 'nutritionists',
    operation: 'listFeaturedReviews',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('Nutritionists/Public/{userId}/Reviews'),
    area: 'nutritionists',
    operation: 'listNutritionistReviews',
    access: 'public',
  },
  {
    method: 'GET',
    path: api('CurrentPatient/Bookings/{id}/Review'),
    area: 'nutritionists',
    operation: 'getVisitReview',
    access: ['Patient'],
  },
  {
    method: 'POST',
    path: api('CurrentPatient/Bookings/{id}/Review'),
    area: 'nutritionists',
    operation: 'createVisitReview',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('CurrentPatient/VisitsToReview'),
    area: 'nutritionists',
    operation: 'listVisitsToReview',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('Reviews'),
    area: 'nutritionists',
    operation: 'listReviewsForModeration',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('Reviews/{id}/Approve'),
    area: 'nutritionists',
    operation: 'approveReview',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('Reviews/{id}/Reject'),
    area: 'nutritionists',
    operation: 'rejectReview',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/Nutritionists'),
    area: 'nutritionists',
    operation: 'listNutritionistsForAdmin',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/NutritionistProfile/{userId}'),
    area: 'nutritionists',
    operation: 'getNutritionistProfileForAdmin',
    access: ['BusinessAdmin'],
  },
  {
    method: 'PATCH',
    path: api('Admin/NutritionistProfile/{userId}'),
    area: 'nutritionists',
    operation: 'updateNutritionistProfile',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('Admin/NutritionistProfile/{userId}/image'),
    area: 'nutritionists',
    operation: 'uploadNutritionistImage',
    access: ['BusinessAdmin'],
    rawBody: true,
  },
] as const satisfies readonly RestRoute[];

export const nutritionistsRoutes = {
  area: 'nutritionists',
  rest: nutritionistsRestRoutes,
  webSocket: [],
} as const;
