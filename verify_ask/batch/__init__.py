"""Many questions in one run: JSON Lines (or plain lines) in, one record per line out, in order.

``lines`` reads the input, ``jobs`` turns a line into a job (or says why it cannot be one),
``sources`` reads each source once, ``runner`` answers jobs with one backend (``pool``:
several lines at once, for ``--jobs``), ``resume`` reads what an earlier run finished,
``tally`` counts outcomes and ``exit_codes`` turns them into an exit status.
"""
