"""The codec: JSON in and out of the rules core, with no transport.

Readers turn request bodies into core values (``jsontext`` reads JSON text strictly,
``schemas`` checks the shape of the requests that are not documents, ``documents`` reads the
import request; logs, deal requests and match facts are read by the core's own readers), one
dumper per type turns the core's results into replies (``replies``) and the batch commands'
result lines into JSON and back (``records``), and one mapping turns a core fault into its
problem and HTTP status (``faults``, ``problems``).  The HTTP routes
(``ginrules.api``) and the command line (``ginrules.cli``, ``ginrules.bulk``) both stand on
it; it imports no Flask, and only ``schemas`` imports marshmallow.
"""
