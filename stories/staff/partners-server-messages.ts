import { checkWebhookUrl } from '../../api/src/webhooks/webhook-url.ts';

/*
 * Computed in Node when Storybook builds (imported with '?server-rendered'): what the server's own
 * check says to a webhook URL inside a private network, so the story's 400 carries its real words.
 */
const privateAddress = await checkWebhookUrl('https://192.168.1.20/hooks', { allowedHttpOrigins: [] });
if (privateAddress.ok) throw new Error('The server accepted a private address as a webhook URL');

export default { privateAddress: privateAddress.reason };
