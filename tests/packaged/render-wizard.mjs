// Copied into the scratch app and run there: renders <QuoteWizard/> from the installed tarball with
// react-dom/server, as a host that server-renders would. Props come as JSON in the first argument.
import { QuoteWizard } from '@cleanquote/quote-wizard';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

const props = JSON.parse(process.argv[2] ?? '{}');
process.stdout.write(renderToString(createElement(QuoteWizard, props)));
