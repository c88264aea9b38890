// Is the signed-in user an administrator? GET /api/admin/access answers { administrator } to every
// signed-in user. In shared because the host gates the Data page with it and the map's menu shows the
// Data link with it; RTK Query asks once for both.
import { skipToken } from '@reduxjs/toolkit/query';
import { selectIsSignedIn, useAppSelector, type RootState } from '@parcel-map/shared';
import { baseApi } from '../api/baseApi.ts';
import { adminAccessAnswerSchema } from './datasetContract.ts';

export const adminAccessApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Keyed by the user, so that another user signing in on the same page asks again. */
    getAdminAccess: build.query<boolean, string>({
      async queryFn(_userId, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ path: '/api/admin/access', requireAuth: true });
        // Any failure to say means: no Data page.
        const answer = result.error ? undefined : adminAccessAnswerSchema.safeParse(result.data);
        return { data: answer?.success === true && answer.data.administrator };
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
