/** Lambda entry of the `nutritionists` area: public profiles and list, skills, reviews, profile admin. */
import { createAreaHandler } from '../http/area-handler';
import { nutritionistsRoutes } from '../route-table/nutritionists';
import { isSessionActive } from '../accounts';
import { listNewestCompletedBookings, requireOwnBooking } from '../bookings';
import {
  getNutritionistProfileForAdmin,
  listNutritionistsForAdmin,
  updateNutritionistProfile,
  uploadNutritionistImage,
} from './admin-profiles';
import {
  getPublicNutritionist,
  getPublicNutritionistByFriendlyUrl,
  getPublicProfile,
  getUserSkills,
  listPublicNutritionists,
} from './public-nutritionists';
import {
  approveReview,
  createVisitReview,
  getVisitReview,
  listFeaturedReviews,
  listNutritionistReviews,
  listReviewsForModeration,
  listVisitsToReview,
  rejectReview,
} from './reviews';
import { connectNutritionists } from './collaborators';

// The composition root connects what reviews ask of the bookings area (see collaborators.ts).
connectNutritionists({
  requireOwnVisit: (actor, bookingId, notFoundText) =>
    requireOwnBooking('Patient', actor, bookingId, notFoundText),
  listNewestCompletedVisits: listNewestCompletedBookings,
});

export const handler = createAreaHandler(
  nutritionistsRoutes,
  {
    rest: {
      listPublicNutritionists,
      getPublicNutritionist,
      getPublicNutritionistByFriendlyUrl,
      getUserSkills,
      getPublicProfile,
      listFeaturedReviews,
      listNutritionistReviews,
      getVisitReview,
      createVisitReview,
      listVisitsToReview,
      listReviewsForModeration,
      approveReview,
      rejectReview,
      listNutritionistsForAdmin,
      getNutritionistProfileForAdmin,
      updateNutritionistProfile,
      uploadNutritionistImage,
    },
    webSocket: {},
  },
  isSessionActive,
);
