// Is the signed-in user an administrator? GET /api/admin/access answers 204 for them and 403 for
// everyone else. In shared because the host gates the Data page with it and the map's menu shows the
// Data link with it; RTK Query asks once for both.
import { skipToken } from '@reduxjs/toolkit/query';
import { selectIsSignedIn, useAppSelector, type RootState } from '@parcel-map/shared';
import { baseApi } from '../api/baseApi.ts';

export const adminAccessApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Keyed by the user, so that another user signing in on the same page asks again. */
    getAdminAccess: build.query<boolean, string>({
      async queryFn(_userId, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ path: '/api/admin/access', requireAuth: true });
        // 403 (not an administrator), and any failure to say, both mean: no Data page.
        return { data: !result.error };
      },
    }),
  }),
});

const selectUserId = (state: RootState) => state.session.user.value?.userId ?? null;

/** true for administrators; false for everyone else; undefined while the API has not said. */
export function useIsAdministrator(): boolean | undefined {
  const signedIn = useAppSelector(selectIsSignedIn);
  const userId = useAppSelector(selectUserId);
  const { data } = adminAccessApi.useGetAdminAccessQuery(signedIn && userId ? userId : skipToken);
  if (!signedIn) return false;
  return data;
}
