import { mintDevToken } from '@pocketnet/gateway';

export function mintToken(options: {
  userId: string;
  secret: string;
  audience: string;
  expiresInSeconds: number;
}): Promise<string> {
  return mintDevToken(options);
}
