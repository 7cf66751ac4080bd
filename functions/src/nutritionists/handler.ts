/** Lambda entry of the `nutritionists` area: public profiles and list, skills, reviews, profile admin. */
import { createAreaHandler, lazyOperation } from '../http/area-handler';
import { nutritionistsRoutes } from '../route-table/nutritionists';
import { isSessionActive } from '../accounts/start';
import { listNewestCompletedBookings, requireOwnBooking } from '../bookings';
import { connectNutritionists } from './collaborators';

// The composition root connects what reviews ask of the bookings area (see collaborators.ts).
connectNutritionists({
  requireOwnVisit: (actor, bookingId, notFoundText) =>
    requireOwnBooking('Patient', actor, bookingId, notFoundText),
  listNewestCompletedVisits: listNewestCompletedBookings,
});

// An operation's module (its schemas, the code only it uses) is read by the first request that needs it.
const loadAdminProfiles = () => import('./admin-profiles');
const loadPublicNutritionists = () => import('./public-nutritionists');
const loadReviews = () => import('./reviews');

export const handler = createAreaHandler(
  nutritionistsRoutes,
  {
    rest: {
      listPublicNutritionists: lazyOperation(loadPublicNutritionists, 'listPublicNutritionists'),
      getPublicNutritionist: lazyOperation(loadPublicNutritionists, 'getPublicNutritionist'),
      getPublicNutritionistByFriendlyUrl: lazyOperation(
        loadPublicNutritionists,
        'getPublicNutritionistByFriendlyUrl',
      ),
      getUserSkills: lazyOperation(loadPublicNutritionists, 'getUserSkills'),
      getPublicProfile: lazyOperation(loadPublicNutritionists, 'getPublicProfile'),
      listFeaturedReviews: lazyOperation(loadReviews, 'listFeaturedReviews'),
      listNutritionistReviews: lazyOperation(loadReviews, 'listNutritionistReviews'),
      getVisitReview: lazyOperation(loadReviews, 'getVisitReview'),
      createVisitReview: lazyOperation(loadReviews, 'createVisitReview'),
      listVisitsToReview: lazyOperation(loadReviews, 'listVisitsToReview'),
      listReviewsForModeration: lazyOperation(loadReviews, 'listReviewsForModeration'),
      approveReview: lazyOperation(loadReviews, 'approveReview'),
      rejectReview: lazyOperation(loadReviews, 'rejectReview'),
      listNutritionistsForAdmin: lazyOperation(loadAdminProfiles, 'listNutritionistsForAdmin'),
      getNutritionistProfileForAdmin: lazyOperation(loadAdminProfiles, 'getNutritionistProfileForAdmin'),
      updateNutritionistProfile: lazyOperation(loadAdminProfiles, 'updateNutritionistProfile'),
      uploadNutritionistImage: lazyOperation(loadAdminProfiles, 'uploadNutritionistImage'),
    },
    webSocket: {},
  },
  isSessionActive,
);
