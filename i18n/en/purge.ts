/** Purge, prefetch and their task centres (English; spec §8 messages verbatim). */
export default {
  pages: {
    'cdn/newurlPush': {
      menu: 'URL purge',
      title: 'URL purge',
      hint: {
        url:
          'One URL per line, each beginning with http:// or https://. At most 100 URLs per submission; longer lists are sent in ' +
          'batches of 100.',
        dir:
          'One directory per line, each beginning with http:// or https:// and ending with /. Everything under it is purged (up to 30 ' +
          'minutes).',
        prefetch: 'One URL per line, each beginning with http:// or https://. The edge caches fetch each URL from your origin.',
      },
      placeholder: {
        url: 'https://www.example.com/index.html',
        dir: 'https://www.example.com/static/',
        prefetch: 'https://www.example.com/download/app.zip',
      },
      quota: 'Today: %{used} of %{limit} used, %{remaining} remaining',
      counter: '%{count} lines, %{bad} invalid',
      badLines: 'Invalid lines: %{lines}',
      batches: 'More than 100 lines: will be sent as %{batches} consecutive batches',
      overQuota: 'More lines than the %{remaining} remaining today',
      submit: 'Submit',
      toTasks: 'View tasks',
      noRight: 'You may view tasks but not submit.',
      progress: '%{sent} of %{total} batches sent',
      partial: 'Sent %{sent} of %{total} batches (%{urls} URLs) before the refusal below; the rest was not sent.',
      done: 'URLs submitted: %{urls}.',
      repeated: 'Left out, purged less than a minute ago: lines %{lines}.',
      lineError: 'Line %{line}: %{url} — %{reason}',
      pushSuccess: 'Push Success',
      urlInvalid: 'Refresh failed :url invalid',
      prefetchUrlInvalid: 'Prefetch failed: URL invalid',
      failure: 'Refresh the failure',
      unknownError: 'An unknown error',
      empty: 'Cannot be empty',
      dirMaintenance: 'Directory push is under maintenance, please contact operation and maintenance to purge',
      problem: {
        format: 'Format error',
        notDirectory: 'A directory must end with /',
        tooLong: 'URL too long',
        duplicate: 'Duplicate line',
      },
    },
    'cdn/newdirPush': {
      menu: 'Directory purge',
      title: 'Directory purge',
    },
    'cdn/prefetch': {
      menu: 'Prefetch',
      title: 'Prefetch',
    },
  },
  resources: {
    'cdn/newsearchTask': {
      menu: 'Purge tasks',
      title: 'Purge tasks',
      noTask: 'No refresh task',
      resubmit: 'Re-submit failed',
      status: {
        success: 'Success',
        failed: 'Failed',
        processing: 'Processing',
        verified: 'Verified',
        waiting: 'Waiting',
        other: 'Other',
      },
      kind: {
        url: 'URL',
        dir: 'Directory',
        prefetch: 'Prefetch',
      },
      fields: {
        id: 'Task',
        createTime: 'Submitted',
        submittedBy: 'Submitted by',
        kind: 'Type',
        urlCount: 'URLs',
        firstUrl: 'URL',
        status: 'Status',
        progress: 'Progress',
        duration: 'Duration',
        urlContains: 'URL contains',
        startTime: 'From',
        endTime: 'To',
      },
      detail: {
        line: 'Line',
        url: 'URL',
        status: 'Status',
        lines: 'Edge lines done',
        http: 'HTTP status',
        bytes: 'Size',
        elapsed: 'Time',
        reason: 'Reason',
        more: 'Showing %{shown} of %{total} URLs',
      },
      name: 'Purge task |||| Purge tasks',
    },
    'cdn/prefetchTask': {
      menu: 'Prefetch tasks',
      title: 'Prefetch tasks',
      name: 'Prefetch task |||| Prefetch tasks',
    },
  },
};
