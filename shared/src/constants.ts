/** Business constants and limits of docs/product.md#limits. Money is always in integer cents. */
export const CURRENCY = 'EUR';
export const LOCALE = 'it-IT';
export const TIME_ZONE = 'Europe/Rome';
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';

export const PAID_VISIT_PRICE_CENTS = 5500;
export const NUTRITIONIST_SHARE_CENTS = 3500;
export const IRPEF_DEDUCTION_PERCENT = 19;
export const INVOICE_UPLOAD_DAYS = 12;
/** Days after the payment on which a nutritionist with a health invoice still to issue is reminded. */
export const INVOICE_REMINDER_DAYS = [7, 11] as const;
export const NUTRITIONIST_MIN_EXPERIENCE_YEARS = 2;

export const DURATION_MINUTES = { FREE: 30, NORMAL: 50, MEALPLAN: 30 } as const;
export const PAYMENT_DEADLINE_DAYS = 2;
export const FREE_CHANGE_DEADLINE_DAYS = 2;
export const PAYMENT_REMINDER_URGENT_DAYS = 3;

export const CHAT_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const CHAT_TYPING_THROTTLE_MS = 2000;
export const CHAT_TYPING_HIDE_MS = 3000;
export const CHAT_PING_INTERVAL_MS = 30_000;
export const CHAT_LOAD_MORE_THRESHOLD_PX = 10;
export const CHAT_SCROLL_BUTTON_THRESHOLD_PX = 350;
export const CHAT_FIRST_MESSAGE_INFO_DELAY_MS = 3000;
export const CHAT_UNREAD_BADGE_CAP = 99;
export const CHAT_VIBRATION_MS = 200;

export const PAGE_SIZE = {
  nutritionistList: 50,
  patientBookings: 10,
  patientHomeBookings: 3,
  pickers: 10,
} as const;
export const CITY_SEARCH_MIN_CHARS = 2;
export const PICKER_INPUT_DELAY_MS = 300;

export const NUTRITIONIST_HOME_WINDOW_DAYS = 3;
export const AVAILABILITY_WINDOW_DAYS = { from: 1, to: 7 } as const;
export const AVAILABILITY_WARNING_BELOW = 4;

export const HOME_BLOG_CONTENT_IDS = [1, 2, 3, 5, 6, 10] as const;
export const SPECIALIZATION_AREAS_MIN = 11;

export const PHONE_DIGITS = { min: 9, max: 12 } as const;
export const DEFAULT_PHONE_PREFIX = '+39';
export const PASSWORD_LENGTH = { min: 8, max: 100 } as const;
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export const TIME_PICKER_STEP_MINUTES = 5;

export const REDIRECT_AFTER_LOGIN_MS = 200;
export const ACCOUNT_PROGRESS = { step: 5, everyMs: 400 } as const;

/** API Gateway WebSocket limits the local gateway enforces too. */
export const WEBSOCKET_LIMITS = {
  maxMessageBytes: 128 * 1024,
  maxFrameBytes: 32 * 1024,
  idleTimeoutMs: 10 * 60 * 1000,
  maxConnectionMs: 2 * 60 * 60 * 1000,
} as const;
