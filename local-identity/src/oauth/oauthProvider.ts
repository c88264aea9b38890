// Display names as Stytch spells `provider_type` (e.g. "Microsoft"); unknown names are capitalised.
const PROVIDER_TYPES: Record<string, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
};

export function providerTypeOf(provider: string): string {
  return PROVIDER_TYPES[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);
}
