/** The profile page's query flag for the password-updated popup (spec section 2, Account). */
export const UPDATE_SUCCESS_PARAM = 'showUpdatePwdSucc';
